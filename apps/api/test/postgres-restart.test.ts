import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUT_MS, openPostgres } from '../src/db/client';
import type { AppContext } from '../src/lib/app-context';
import { systemClock } from '../src/lib/clock';
import { isDatabaseUnavailable } from '../src/lib/db-errors';
import { enqueueJobs } from '../src/modules/jobs/job-queue';
import { createJobRunner } from '../src/modules/jobs/job-runner';
import { type PrivatePostgres, startPrivatePostgres } from './support/private-postgres';
import { createTestApp, signUp, type TestApp } from './support/test-app';

// These tests bring their own PostgreSQL server, so they run in the embedded-database run as well.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const UNAVAILABLE_MESSAGE = 'The database is unavailable; try again in a moment';
/** Well under the connection timeout plus scheduling noise: a 503 must not wait for a hang. */
const FAST_ANSWER_MS = CONNECTION_TIMEOUT_MS + 1000;

let cluster: PrivatePostgres;
const running: ChildProcess[] = [];
const tempDirs: string[] = [];

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  const database = openPostgres(cluster.url);
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await cluster?.destroy();
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

/** Polls until `check` holds, failing with the last answer after `timeoutMs`. */
async function waitFor<T>(
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await probe();
    if (check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still not there after ${timeoutMs} ms; last answer: ${JSON.stringify(last)}`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

describe('the app on a PostgreSQL server that goes away and comes back', () => {
  let t: TestApp;
  const log: { level: string; details: object; message: string }[] = [];
  let user: Awaited<ReturnType<typeof signUp>>;
  const me = () => t.request({ method: 'GET', url: '/api/v1/users/me', token: user.accessToken });
  const health = () => t.request({ method: 'GET', url: '/api/health' });

  beforeAll(async () => {
    const database = openPostgres(cluster.url);
    database.setLog({
      warn: (details, message) => log.push({ level: 'warn', details, message }),
      info: (details, message) => log.push({ level: 'info', details, message }),
    });
    t = await createTestApp({ database });
    user = await signUp(t);
  });
  afterAll(() => t?.close());

  it('survives a restart with busy and idle connections, warns once, and serves again', async () => {
    // Several idle connections in the pool, each of which the restart terminates.
    const before = await Promise.all([me(), me(), me(), health()]);
    expect(before.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    log.length = 0;

    // A running query and a transaction holding its connection between two queries.
    const running = t.database.db.execute(sql`select pg_sleep(30)`).then(
      () => undefined,
      (error: unknown) => error,
    );
    let resumeTransaction = () => {};
    const resumed = new Promise<void>((resolve) => {
      resumeTransaction = resolve;
    });
    const transaction = t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await resumed;
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await waitFor(
      () =>
        t.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where query like '%pg_sleep(30)%' and pid <> pg_backend_pid()`,
        ),
      (result) => (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0,
    );

    await cluster.restart();
    resumeTransaction();

    expect(isDatabaseUnavailable(await running)).toBe(true);
    expect(isDatabaseUnavailable(await transaction)).toBe(true);
    const after = await waitFor(me, (response) => response.statusCode === 200);
    expect(after.json()).toMatchObject({ username: user.username });
    expect((await health()).statusCode).toBe(200);

    // One warning for the outage, one line when it is over; neither carries a query or its values.
    expect(log.filter((line) => line.level === 'warn')).toEqual([
      {
        level: 'warn',
        details: { code: expect.any(String), reason: expect.any(String) },
        message: expect.stringContaining('lost the connection'),
      },
    ]);
    expect(log.filter((line) => line.level === 'info')).toHaveLength(1);
    expect(JSON.stringify(log)).not.toMatch(/select|pg_sleep|users/i);
  });

  it('answers 503 quickly while the server is down, and serves again once it is back', async () => {
    expect((await me()).statusCode).toBe(200);
    await cluster.stop();
    try {
      const { value: refused, ms: refusedMs } = await timed(me);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
      expect(refusedMs).toBeLessThan(FAST_ANSWER_MS);

      const login = await t.request({
        method: 'POST',
        url: '/auth/token',
        payload: { username: user.username, password: user.password },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

      const { value: down, ms: healthMs } = await timed(health);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 'degraded',
        database: { status: 'unavailable', driver: 'postgres' },
      });
      expect(healthMs).toBeLessThan(FAST_ANSWER_MS);
    } finally {
      await cluster.start();
    }
    await waitFor(me, (response) => response.statusCode === 200);
    expect((await health()).json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });
  });
});

describe('the job runner while the database is away', () => {
  it('waits quietly, polling less often, and runs jobs again once the database is back', async () => {
    const database = openPostgres(cluster.url);
    database.setLog({ warn() {}, info() {} });
    const testApp = await createTestApp({ database });
    const ctx: AppContext = { ...testApp.app.ctx, clock: systemClock };
    const log: { level: string; details: object; message: string }[] = [];
    const ran: string[] = [];
    const levelsWhenRun: string[][] = [];
    const jobRunner = createJobRunner({
      ctx,
      definitions: [
        {
          name: 'outage:probe',
          handler: async (job) => {
            ran.push(String(job.payload.mark));
            levelsWhenRun.push(log.map((line) => line.level));
          },
        },
      ],
      pollIntervalMs: 50,
      log: {
        info: (details, message) => log.push({ level: 'info', details, message }),
        warn: (details, message) => log.push({ level: 'warn', details, message }),
        error: (details, message) => log.push({ level: 'error', details, message }),
      },
    });
    try {
      jobRunner.start();
      await enqueueJobs(ctx, [{ name: 'outage:probe', payload: { mark: 'before' } }]);
      await waitFor(
        async () => ran,
        (marks) => marks.includes('before'),
      );

      await cluster.stop();
      try {
        // At the usual pace that is some 40 failed polls, each an error line with the query's values.
        await new Promise((resolve) => setTimeout(resolve, 2000));
      } finally {
        await cluster.start();
      }
      expect(log).toEqual([
        { level: 'warn', details: {}, message: expect.stringContaining('waits for the database') },
      ]);

      await waitFor(
        () =>
          enqueueJobs(ctx, [{ name: 'outage:probe', payload: { mark: 'after' } }]).then(
            () => true,
            () => false,
          ),
        (isQueued) => isQueued,
      );
      await waitFor(
        async () => ran,
        (marks) => marks.includes('after'),
      );
      // The recovery line comes before the first job after it, not after that job's work.
      expect(levelsWhenRun[ran.indexOf('after')]).toEqual(['warn', 'info']);
      expect(log.map((line) => line.level)).toEqual(['warn', 'info']);
    } finally {
      await jobRunner.stop();
      await testApp.close();
    }
  });
});

/** Starts the real server as a user would, and waits for it to say where it listens. */
async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-'));
  tempDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
    },
  });
  running.push(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Cairn is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { child, url, exited, output: () => output };
}

describe('the server process', () => {
  it('keeps running across a PostgreSQL restart and serves again', async () => {
    const server = await startServer();
    const health = () => fetch(`${server.url}/api/health`);
    expect((await Promise.all([health(), health(), health()])).map((response) => response.status)).toEqual([
      200, 200, 200,
    ]);

    await cluster.restart();
    await waitFor(health, (response) => response.status === 200);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain("Emitted 'error' event");

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('stops within its deadline on SIGTERM even when a request hangs', async () => {
    const server = await startServer();
    const signup = await fetch(`${server.url}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `hang${Date.now()}`,
        email: `hang${Date.now()}@example.com`,
        password: 'Correct-Horse1',
      }),
    });
    expect(signup.status).toBe(201);
    const { accessToken } = (await signup.json()) as { accessToken: { token: string } };

    // A lock nobody releases makes the next request on that table wait for ever.
    const locker = new pg.Client({ connectionString: cluster.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table users in access exclusive mode');
      const hanging = fetch(`${server.url}/api/v1/users/me`, {
        headers: { authorization: `Bearer ${accessToken.token}` },
      }).catch(() => undefined);
      await waitFor(
        () =>
          locker.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'",
          ),
        (result) => result.rows[0]!.n > 0,
      );

      const { value: code, ms } = await timed(async () => {
        server.child.kill('SIGTERM');
        return server.exited;
      });
      expect(code).toBe(1);
      expect(ms).toBeLessThan(8000);
      expect(server.output()).toContain('exiting without them');
      await hanging;
    } finally {
      await locker.end();
    }
  });
});
