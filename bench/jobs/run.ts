// How many jobs a second the job runner gets through, against the least a SKIP LOCKED queue must do.
// Run: npm run bench:jobs -w @cairn/bench (embedded database), or with BENCH_DATABASE_URL set to a
// PostgreSQL server's URL (the bench makes and drops its own database there). See bench/README.md.
import { cpus, loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type * as EnvModule from '../../apps/api/src/config/env';
import type * as ClientModule from '../../apps/api/src/db/client';
import type * as ClockModule from '../../apps/api/src/lib/clock';
import type * as StorageModule from '../../apps/api/src/modules/attachments/storage/create-storage';
import type * as QueueModule from '../../apps/api/src/modules/jobs/job-queue';
import type * as RunnerModule from '../../apps/api/src/modules/jobs/job-runner';

const apiSource = process.env.BENCH_API_SRC ?? new URL('../../apps/api/src', import.meta.url).pathname;
const postgresUrl = process.env.BENCH_DATABASE_URL;
const JOBS_PER_ROUND = Number(process.env.BENCH_JOBS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** The runner's default batch; the limit claims as many at a time. */
const BATCH_SIZE = 10;

const { parseConfig } = (await import(`${apiSource}/config/env.ts`)) as typeof EnvModule;
const { openPostgres, queryRows, wrapPglite } = (await import(
  `${apiSource}/db/client.ts`
)) as typeof ClientModule;
const { systemClock } = (await import(`${apiSource}/lib/clock.ts`)) as typeof ClockModule;
const { createStorage } = (await import(
  `${apiSource}/modules/attachments/storage/create-storage.ts`
)) as typeof StorageModule;
const { enqueueJobs } = (await import(`${apiSource}/modules/jobs/job-queue.ts`)) as typeof QueueModule;
const { createJobRunner } = (await import(`${apiSource}/modules/jobs/job-runner.ts`)) as typeof RunnerModule;

let database: ClientModule.Database;
let dropDatabase = async () => {};
const benchDatabase = `cairn_bench_jobs_${process.pid}`;
if (postgresUrl) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${benchDatabase}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${benchDatabase}`;
  database = openPostgres(url.toString());
  dropDatabase = async () => {
    await admin.query(`drop database if exists ${benchDatabase} with (force)`);
    await admin.end();
  };
} else {
  database = wrapPglite(await PGlite.create());
}
await database.migrate();

const config = parseConfig({ WEB_DIST_DIR: '/nonexistent' });
const ctx: RunnerModule.JobRunnerOptions['ctx'] = {
  db: database.db,
  clock: systemClock,
  config,
  jwtSecret: new Uint8Array(32),
  mailer: undefined,
  // No job here touches attachment files; the storage is only built, never written to.
  storage: createStorage(config),
};
const quietLog = { info() {}, warn() {}, error() {} };
let handled = 0;
const runner = createJobRunner({
  ctx,
  definitions: [
    {
      name: 'bench:noop',
      async handler() {
        handled += 1;
      },
    },
  ],
  log: quietLog,
  batchSize: BATCH_SIZE,
});

async function enqueueRound(): Promise<void> {
  await enqueueJobs(
    ctx,
    Array.from({ length: JOBS_PER_ROUND }, (_, index) => ({ name: 'bench:noop', payload: { index } })),
  );
}

/** The runner, as the server drives it: rounds of claim-and-run until nothing is due. */
async function drainWithRunner(): Promise<number> {
  const started = performance.now();
  while ((await runner.runOnce()) > 0) {}
  return performance.now() - started;
}

/**
 * The limit: the least a durable queue does per job on the same table, with the same driver. One
 * statement claims a batch with SKIP LOCKED, one marks each job done. No schedules, no lease renewal, no
 * ownership check, no failure handling.
 */
async function drainWithLimit(): Promise<number> {
  const started = performance.now();
  for (;;) {
    const claimed = await queryRows<{ id: string }>(
      database.db,
      sql`update jobs set status = 'running', locked_by = 'limit', attempts = attempts + 1
           where id in (select id from jobs where status = 'pending' and run_at <= now()
                         order by run_at limit ${BATCH_SIZE} for update skip locked)
       returning id`,
    );
    if (claimed.length === 0) break;
    // A batch's jobs run side by side, as the runner runs them.
    await Promise.all(
      claimed.map(async ({ id }) => {
        handled += 1;
        await database.db.execute(
          sql`update jobs set status = 'done', finished_at = now(), locked_by = null where id = ${id}`,
        );
      }),
    );
  }
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((first, second) => first - second);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

// One warm-up round each, then the two take turns so a neighbour's burst slows both alike.
const runnerTimes: number[] = [];
const limitTimes: number[] = [];
const enqueueTimes: number[] = [];
for (let round = 0; round <= ROUNDS; round += 1) {
  const enqueueStarted = performance.now();
  await enqueueRound();
  const enqueueTime = performance.now() - enqueueStarted;
  const runnerTime = await drainWithRunner();
  await enqueueRound();
  const limitTime = await drainWithLimit();
  await database.db.execute(sql`delete from jobs`);
  if (round === 0) continue;
  enqueueTimes.push(enqueueTime);
  runnerTimes.push(runnerTime);
  limitTimes.push(limitTime);
}
if (handled !== (ROUNDS + 1) * JOBS_PER_ROUND * 2) {
  throw new Error(`ran ${handled} jobs, expected ${(ROUNDS + 1) * JOBS_PER_ROUND * 2}`);
}

const perSecond = (ms: number) => Math.round((JOBS_PER_ROUND / ms) * 1000);
const runnerRate = perSecond(median(runnerTimes));
const limitRate = perSecond(median(limitTimes));
console.log(
  `\njobs on ${postgresUrl ? 'PostgreSQL' : 'PGlite'}: ${ROUNDS} rounds of ${JOBS_PER_ROUND} no-op jobs, ` +
    `batches of ${BATCH_SIZE}; ${cpus().length} cores, load ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}\n`,
);
console.table([
  { case: 'job runner, jobs/s (median)', value: runnerRate },
  { case: 'limit: bare SKIP LOCKED queue, jobs/s (median)', value: limitRate },
  { case: 'runner ÷ limit', value: `${(runnerRate / limitRate).toFixed(2)}×` },
  { case: `enqueue ${JOBS_PER_ROUND} jobs, ms (median)`, value: median(enqueueTimes).toFixed(1) },
]);

await runner.stop();
// Dropping the bench's database ends its connections; that is not worth a warning.
database.setLog(quietLog as Parameters<ClientModule.Database['setLog']>[0]);
await database.close();
await dropDatabase();
