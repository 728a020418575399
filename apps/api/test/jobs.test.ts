import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { type AppContext, inTransaction } from '../src/lib/app-context';
import { enqueueJobs } from '../src/modules/jobs/job-queue';
import {
  createJobRunner,
  defaultBackoff,
  type Job,
  type JobDefinition,
  type JobRunnerLog,
  RetryLaterError,
} from '../src/modules/jobs/job-runner';
import { pruneFinishedJobs } from '../src/modules/jobs/jobs.service';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let testApp: TestApp;
let ctx: AppContext;

const quietLog: JobRunnerLog = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  testApp = await createTestApp();
  ctx = {
    db: testApp.database.db,
    clock: testApp.clock,
    config: testApp.config,
    jwtSecret: new Uint8Array(32),
    mailer: undefined,
    storage: testApp.storage,
  };
});

afterAll(() => testApp.close());

beforeEach(async () => {
  await testApp.database.db.execute(sql`delete from jobs`);
  await testApp.database.db.execute(sql`delete from job_schedules`);
});

type JobState = {
  id: string;
  name: string;
  status: string;
  attempts: number;
  run_at: string;
  last_error: string | null;
  locked_by: string | null;
};

async function readJobs(): Promise<JobState[]> {
  return queryRows<JobState>(
    testApp.database.db,
    sql`select id, name, status::text as status, attempts, run_at::text as run_at, last_error, locked_by
          from jobs order by created_at, id`,
  );
}

async function readRunAt(id: string): Promise<Date> {
  const [row] = await queryRows<{ run_at: string }>(
    testApp.database.db,
    sql`select to_char(run_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as run_at from jobs where id = ${id}`,
  );
  return new Date(row?.run_at ?? Number.NaN);
}

function runner(
  definitions: JobDefinition[],
  options: { runnerId?: string; leaseMs?: number; batchSize?: number } = {},
) {
  return createJobRunner({ ctx, definitions, log: quietLog, pollIntervalMs: 20, ...options });
}

function recording(name: string, extra: Partial<JobDefinition> = {}) {
  const runs: Job[] = [];
  const definition: JobDefinition = {
    name,
    async handler(job) {
      runs.push(job);
    },
    ...extra,
  };
  return { runs, definition };
}

describe('enqueueJobs', () => {
  it('adds jobs once per dedupe key and counts only the new ones', async () => {
    expect(
      await enqueueJobs(ctx, [
        { name: 'test:a', dedupeKey: 'one' },
        { name: 'test:a', dedupeKey: 'two' },
        { name: 'test:a' },
      ]),
    ).toBe(3);
    expect(await enqueueJobs(ctx, [{ name: 'test:a', dedupeKey: 'one' }, { name: 'test:a' }])).toBe(1);
    expect(await readJobs()).toHaveLength(4);
  });

  it('commits with the transaction it was given, and not without it', async () => {
    await expect(
      inTransaction(ctx, async (tx) => {
        await enqueueJobs(tx, [{ name: 'test:a', dedupeKey: 'rolled-back' }]);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await readJobs()).toHaveLength(0);
    await inTransaction(ctx, (tx) => enqueueJobs(tx, [{ name: 'test:a', dedupeKey: 'kept' }]));
    expect(await readJobs()).toHaveLength(1);
  });
});

describe('the job runner', () => {
  it('runs due jobs with their payload, leaves future ones, and marks them done', async () => {
    const { runs, definition } = recording('test:echo');
    await enqueueJobs(ctx, [
      { name: 'test:echo', payload: { n: 1 } },
      { name: 'test:echo', payload: { n: 2 }, runAt: new Date(testApp.clock.now().getTime() + 60_000) },
      { name: 'test:unknown' },
    ]);
    const jobRunner = runner([definition]);
    expect(await jobRunner.runOnce()).toBe(1);
    expect(runs.map((job) => job.payload)).toEqual([{ n: 1 }]);
    expect(runs[0]?.attempts).toBe(1);
    testApp.clock.advance(60_000);
    expect(await jobRunner.runOnce()).toBe(1);
    expect(runs.map((job) => job.payload)).toEqual([{ n: 1 }, { n: 2 }]);
    const states = await readJobs();
    expect(states.map((job) => [job.name, job.status])).toEqual([
      ['test:echo', 'done'],
      ['test:echo', 'done'],
      // A runner only claims the jobs it knows how to run.
      ['test:unknown', 'pending'],
    ]);
  });

  it('retries a failed job after its back-off, then gives up after the last attempt', async () => {
    let calls = 0;
    const definition: JobDefinition = {
      name: 'test:flaky',
      maxAttempts: 3,
      backoff: (attempt) => attempt * 1000,
      async handler() {
        calls += 1;
        throw new Error(`failure ${calls}`);
      },
    };
    const jobRunner = runner([definition]);
    await enqueueJobs(ctx, [{ name: 'test:flaky' }]);
    const started = testApp.clock.now().getTime();

    expect(await jobRunner.runOnce()).toBe(1);
    let [job] = await readJobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'failure 1', locked_by: null });
    expect((await readRunAt(job?.id ?? '')).getTime()).toBe(started + 1000);

    // Not due yet: nothing runs until the back-off has passed.
    testApp.clock.advance(999);
    expect(await jobRunner.runOnce()).toBe(0);
    testApp.clock.advance(1);
    expect(await jobRunner.runOnce()).toBe(1);
    [job] = await readJobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 2, last_error: 'failure 2' });
    expect((await readRunAt(job?.id ?? '')).getTime()).toBe(started + 1000 + 2000);

    testApp.clock.advance(2000);
    expect(await jobRunner.runOnce()).toBe(1);
    [job] = await readJobs();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, last_error: 'failure 3' });
    testApp.clock.advance(24 * 60 * 60 * 1000);
    expect(await jobRunner.runOnce()).toBe(0);
    expect(calls).toBe(3);
  });

  it('retries at the time a RetryLaterError asks for', async () => {
    const retryAt = new Date(testApp.clock.now().getTime() + 42_000);
    const definition: JobDefinition = {
      name: 'test:later',
      async handler(job) {
        if (job.attempts === 1) throw new RetryLaterError('rate limited', retryAt);
      },
    };
    await enqueueJobs(ctx, [{ name: 'test:later' }]);
    const jobRunner = runner([definition]);
    await jobRunner.runOnce();
    const [job] = await readJobs();
    expect(job).toMatchObject({ status: 'pending', last_error: 'rate limited' });
    expect((await readRunAt(job?.id ?? '')).getTime()).toBe(retryAt.getTime());
    testApp.clock.set(retryAt);
    expect(await jobRunner.runOnce()).toBe(1);
    expect((await readJobs())[0]?.status).toBe('done');
  });

  it('spreads the default back-off between half and all of a doubling delay, capped at an hour', () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const ceiling = Math.min(3_600_000, 10_000 * 2 ** (attempt - 1));
      const delay = defaultBackoff(attempt);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it('lets another runner take a job whose lease ran out, and ignores the late runner', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runsBy: string[] = [];
    const slow: JobDefinition = {
      name: 'test:slow',
      async handler() {
        runsBy.push('a');
        await held;
      },
    };
    const quick: JobDefinition = {
      name: 'test:slow',
      async handler() {
        runsBy.push('b');
      },
    };
    await enqueueJobs(ctx, [{ name: 'test:slow' }]);
    const runnerA = runner([slow], { runnerId: 'runner-a', leaseMs: 60_000 });
    const runnerB = runner([quick], { runnerId: 'runner-b', leaseMs: 60_000 });
    const roundA = runnerA.runOnce();
    while (runsBy.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    // While the lease holds, the job is A's.
    expect(await runnerB.runOnce()).toBe(0);
    testApp.clock.advance(60_001);
    expect(await runnerB.runOnce()).toBe(1);
    expect((await readJobs())[0]).toMatchObject({ status: 'done', attempts: 2 });

    release();
    await roundA;
    expect(runsBy).toEqual(['a', 'b']);
    // A finishing late changes nothing.
    expect((await readJobs())[0]).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
  });

  it('renews the lease while a long job runs, so no other runner takes it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hasStarted = false;
    const long: JobDefinition = {
      name: 'test:long',
      async handler() {
        hasStarted = true;
        await held;
      },
    };
    await enqueueJobs(ctx, [{ name: 'test:long' }]);
    const lockedUntil = async () => {
      const [row] = await queryRows<{ locked_until: string }>(
        testApp.database.db,
        sql`select locked_until::text as locked_until from jobs`,
      );
      return row?.locked_until;
    };
    // A 90 ms lease, renewed every 30 ms of real time from the test clock's now.
    const round = runner([long], { runnerId: 'holder', leaseMs: 90 }).runOnce();
    while (!hasStarted) await new Promise((resolve) => setTimeout(resolve, 5));
    const claimed = await lockedUntil();
    testApp.clock.advance(60);
    while ((await lockedUntil()) === claimed) await new Promise((resolve) => setTimeout(resolve, 5));
    // Past the first lease, within the renewed one.
    testApp.clock.advance(60);
    expect(await runner([long], { runnerId: 'other', leaseMs: 90 }).runOnce()).toBe(0);
    release();
    await round;
    expect((await readJobs())[0]).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('gives a job up, without running it, once its runners died during every attempt', async () => {
    const never = new Promise<void>(() => {});
    let runs = 0;
    const hangs: JobDefinition = {
      name: 'test:hangs',
      maxAttempts: 1,
      async handler() {
        runs += 1;
        await never;
      },
    };
    await enqueueJobs(ctx, [{ name: 'test:hangs' }]);
    void runner([hangs], { runnerId: 'dies', leaseMs: 1000 }).runOnce();
    while (runs === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    testApp.clock.advance(1001);
    expect(await runner([hangs], { runnerId: 'next', leaseMs: 1000 }).runOnce()).toBe(1);
    expect(runs).toBe(1);
    expect((await readJobs())[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'every attempt ended with its runner gone',
    });
  });

  it('runs a transactional handler and its completion together', async () => {
    await testApp.database.db.execute(sql`create table if not exists job_effects (job_id uuid primary key)`);
    let shouldFail = true;
    const definition: JobDefinition = {
      name: 'test:effect',
      transactional: true,
      backoff: () => 0,
      async handler(job, tx) {
        await tx.db.execute(sql`insert into job_effects (job_id) values (${job.id})`);
        if (shouldFail) throw new Error('failed after writing');
      },
    };
    await enqueueJobs(ctx, [{ name: 'test:effect' }]);
    const jobRunner = runner([definition]);
    await jobRunner.runOnce();
    expect(await queryRows(testApp.database.db, sql`select * from job_effects`)).toHaveLength(0);
    shouldFail = false;
    await jobRunner.runOnce();
    expect(await queryRows(testApp.database.db, sql`select * from job_effects`)).toHaveLength(1);
    expect((await readJobs())[0]).toMatchObject({ status: 'done', attempts: 2 });
    await testApp.database.db.execute(sql`drop table job_effects`);
  });

  it('survives a restart: a new runner finishes what a stopped one left', async () => {
    const seen = new Map<string, number>();
    const count: JobDefinition = {
      name: 'test:count',
      async handler(job) {
        seen.set(job.id, (seen.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    await enqueueJobs(
      ctx,
      Array.from({ length: 30 }, (_, index) => ({ name: 'test:count', payload: { index } })),
    );
    const first = runner([count], { batchSize: 4 });
    first.start();
    while (seen.size < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    await first.stop();
    const doneByFirst = seen.size;
    expect(doneByFirst).toBeLessThan(30);

    const second = runner([count], { batchSize: 4 });
    while ((await second.runOnce()) > 0) {}
    expect(seen.size).toBe(30);
    expect([...seen.values()].every((runs) => runs === 1)).toBe(true);
    expect((await readJobs()).every((job) => job.status === 'done')).toBe(true);
  });
});

describe('pruneFinishedJobs', () => {
  it('deletes done jobs after 7 days and failed ones after 30, and nothing unfinished', async () => {
    await enqueueJobs(ctx, [
      { name: 'test:prune', dedupeKey: 'done-8-days' },
      { name: 'test:prune', dedupeKey: 'done-6-days' },
      { name: 'test:prune', dedupeKey: 'failed-8-days' },
      { name: 'test:prune', dedupeKey: 'failed-31-days' },
      { name: 'test:prune', dedupeKey: 'pending' },
    ]);
    const day = 24 * 60 * 60 * 1000;
    const now = testApp.clock.now().getTime();
    const finish = async (key: string, status: 'done' | 'failed', daysAgo: number) => {
      const finishedAt = new Date(now - daysAgo * day).toISOString();
      await testApp.database.db.execute(
        sql`update jobs set status = ${status}, finished_at = ${finishedAt}::timestamptz where dedupe_key = ${key}`,
      );
    };
    await finish('done-8-days', 'done', 8);
    await finish('done-6-days', 'done', 6);
    await finish('failed-8-days', 'failed', 8);
    await finish('failed-31-days', 'failed', 31);
    expect(await pruneFinishedJobs(ctx)).toBe(2);
    const left = await queryRows<{ dedupe_key: string }>(
      testApp.database.db,
      sql`select dedupe_key from jobs order by dedupe_key`,
    );
    expect(left.map((row) => row.dedupe_key)).toEqual(['done-6-days', 'failed-8-days', 'pending']);
  });
});

describe('schedules', () => {
  it('enqueues each tick once however many runners see it, and records the outcome', async () => {
    testApp.clock.set(new Date('2026-03-10T12:01:00Z'));
    let runs = 0;
    const ticks: unknown[] = [];
    let shouldFail = false;
    const definition = (): JobDefinition => ({
      name: 'test:every-five',
      schedule: { cron: '*/5 * * * *' },
      maxAttempts: 1,
      async handler(job) {
        runs += 1;
        ticks.push(job.payload.scheduledFor);
        if (shouldFail) throw new Error('tick failed');
      },
    });
    const runners = [runner([definition()]), runner([definition()])];
    await Promise.all(runners.map((each) => each.runOnce()));
    expect(runs).toBe(0);

    testApp.clock.set(new Date('2026-03-10T12:05:00Z'));
    await Promise.all(runners.map((each) => each.runOnce()));
    await Promise.all(runners.map((each) => each.runOnce()));
    expect(runs).toBe(1);
    expect(await readJobs()).toHaveLength(1);
    const status = await testApp.request({
      method: 'GET',
      url: '/api/v1/admin/jobs',
      token: await adminToken(),
    });
    expect(status.json().schedules).toEqual([
      {
        name: 'test:every-five',
        cron: '*/5 * * * *',
        timeZone: 'UTC',
        lastRunAt: '2026-03-10T12:05:00.000Z',
        nextRunAt: '2026-03-10T12:10:00.000Z',
        lastSuccessAt: '2026-03-10T12:05:00.000Z',
        failures: 0,
        lastError: null,
      },
    ]);

    // Ten ticks missed while nobody ran collapse into one run.
    shouldFail = true;
    testApp.clock.set(new Date('2026-03-10T13:01:00Z'));
    await Promise.all(runners.map((each) => each.runOnce()));
    await Promise.all(runners.map((each) => each.runOnce()));
    expect(runs).toBe(2);
    expect(ticks).toEqual(['2026-03-10T12:05:00.000Z', '2026-03-10T12:10:00.000Z']);
    const after = await testApp.request({
      method: 'GET',
      url: '/api/v1/admin/jobs',
      token: await adminToken(),
    });
    expect(after.json().schedules[0]).toMatchObject({
      nextRunAt: '2026-03-10T13:05:00.000Z',
      failures: 1,
      lastError: 'tick failed',
      lastSuccessAt: '2026-03-10T12:05:00.000Z',
    });
  });

  it('evaluates the cron in the schedule time zone', async () => {
    testApp.clock.set(new Date('2026-07-01T00:00:00Z'));
    const { definition } = recording('test:berlin', {
      schedule: { cron: '0 3 * * *', timeZone: 'Europe/Berlin' },
    });
    await runner([definition]).runOnce();
    const [row] = await queryRows<{ next: string }>(
      testApp.database.db,
      sql`select to_char(next_run_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as next from job_schedules`,
    );
    // 03:00 in Berlin in summer is 01:00 UTC.
    expect(row?.next).toBe('2026-07-01 01:00');
  });

  it('runs a tick whose time was written with microseconds, which a JavaScript date cannot hold', async () => {
    testApp.clock.set(new Date('2026-03-10T12:01:00Z'));
    const { runs, definition } = recording('test:precise', { schedule: { cron: '*/5 * * * *' } });
    const scheduled = runner([definition]);
    await scheduled.runOnce();
    // As an operator's hand-written fix or another tool would leave it.
    await testApp.database.db.execute(
      sql`update job_schedules set next_run_at = '2026-03-10T12:04:59.123456Z' where name = 'test:precise'`,
    );
    testApp.clock.set(new Date('2026-03-10T12:05:00Z'));
    await scheduled.runOnce();
    await scheduled.runOnce();
    expect(runs.map((job) => job.payload.scheduledFor)).toEqual(['2026-03-10T12:04:59.123Z']);
    const [row] = await queryRows<{ next: string }>(
      testApp.database.db,
      sql`select to_char(next_run_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as next from job_schedules`,
    );
    expect(row?.next).toBe('2026-03-10 12:10');
  });

  it('refuses a bad cron expression when the runner is made', () => {
    const { definition } = recording('test:bad', { schedule: { cron: 'every day' } });
    expect(() => runner([definition])).toThrow();
  });
});

/** A fresh admin each time: tests move the clock past an access token's life. */
async function adminToken(): Promise<string> {
  const admin = await signUp(testApp);
  await testApp.database.db.execute(sql`update users set is_admin = true where username = ${admin.username}`);
  return admin.accessToken;
}

describe('GET /api/v1/admin/jobs', () => {
  it('answers a signed-in user who is not an admin as a missing route does, and 401 without a token', async () => {
    // The instance's first account is its admin: the second never is.
    await signUp(testApp);
    const user = await signUp(testApp);
    const response = await testApp.request({
      method: 'GET',
      url: '/api/v1/admin/jobs',
      token: user.accessToken,
    });
    const missing = await testApp.request({
      method: 'GET',
      url: '/api/v1/admin/no-such-route',
      token: user.accessToken,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'GET /api/v1/admin/jobs not found', code: 'NOT_FOUND' });
    expect(missing.json()).toEqual({ error: 'GET /api/v1/admin/no-such-route not found', code: 'NOT_FOUND' });
    expect((await testApp.request({ method: 'GET', url: '/api/v1/admin/jobs' })).statusCode).toBe(401);
  });

  it('shows an admin the queue by name and status and the failed jobs', async () => {
    await enqueueJobs(ctx, [
      { name: 'test:ok' },
      { name: 'test:ok' },
      { name: 'test:broken', maxAttempts: 1 },
    ]);
    await runner([
      recording('test:ok').definition,
      {
        name: 'test:broken',
        async handler() {
          throw new Error('no way');
        },
      },
    ]).runOnce();
    await enqueueJobs(ctx, [{ name: 'test:ok' }]);
    const response = await testApp.request({
      method: 'GET',
      url: '/api/v1/admin/jobs',
      token: await adminToken(),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.queue).toEqual([
      { name: 'test:broken', status: 'failed', count: 1 },
      { name: 'test:ok', status: 'pending', count: 1 },
      { name: 'test:ok', status: 'done', count: 2 },
    ]);
    expect(body.recentFailures).toEqual([
      expect.objectContaining({ name: 'test:broken', attempts: 1, lastError: 'no way' }),
    ]);
  });
});
