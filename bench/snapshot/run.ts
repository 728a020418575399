// How long the daily snapshot of the embedded database holds requests back, and what memory it keeps.
// A user with 10,000 tasks; a query due every 5 ms stands in for requests while the snapshot is taken.
//   npm run bench:snapshot -w @cairn/bench
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type * as ClientModule from '../../apps/api/src/db/client';
import type * as SnapshotsModule from '../../apps/api/src/db/snapshots';

const apiSource = process.env.BENCH_API_SRC ?? new URL('../../apps/api/src', import.meta.url).pathname;
const { openPglite } = (await import(`${apiSource}/db/client.ts`)) as typeof ClientModule;
const { takeDailySnapshot } = (await import(`${apiSource}/db/snapshots.ts`)) as typeof SnapshotsModule;

const TASKS = 10_000;
const QUERY_EVERY_MS = 5;
const userId = '01900000-0000-7000-8000-000000000001';

const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'cairn-bench-snapshot-'));
const database = await openPglite({ dataDir });
await database.migrate();
const pglite = database.pglite!;
await pglite.exec(`
  insert into users (id, username, email, password) values ('${userId}', 'many', 'many@example.com', 'x');
  insert into columns (user_id, id, name, is_default) values ('${userId}', '${userId}', 'To do', true);
  insert into tasks (user_id, id, title, note, column_id, priority)
    select '${userId}', gen_random_uuid(), 'Task ' || n, repeat('Some notes about task ' || n || '. ', 8),
           '${userId}', n * 1024
      from generate_series(1, ${TASKS}) n;
  analyze;
`);

/**
 * Issues a small read every few ms, each on its own, and returns the slowest answer counted from when
 * it was due: a blocked event loop (the timer fires late) counts as much as a held database.
 */
function startRequestLoop() {
  const started = performance.now();
  let issued = 0;
  let slowest = 0;
  let peakRss = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    // Every request due since the last tick, so a late timer shows up as late requests.
    while (started + issued * QUERY_EVERY_MS <= performance.now()) {
      const due = started + issued * QUERY_EVERY_MS;
      issued += 1;
      const request = pglite
        .query(
          `select id, title from tasks where user_id = $1 and deleted_at is null order by priority, id limit 50`,
          [userId],
        )
        .then(() => {
          slowest = Math.max(slowest, performance.now() - due);
          pending.delete(request);
        });
      pending.add(request);
    }
  }, QUERY_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return { slowest, count: issued, peakRss };
  };
}

async function measure(day: string) {
  collectGarbage();
  const rssBefore = process.memoryUsage().rss;
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const stopRequests = startRequestLoop();
  await new Promise((resolve) => setTimeout(resolve, 100));
  delay.enable();
  const started = performance.now();
  await takeDailySnapshot({
    pglite,
    dataDir,
    retentionDays: 7,
    clock: { now: () => new Date(`${day}T03:00:00Z`) },
  });
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 100));
  delay.disable();
  const requests = await stopRequests();
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 200));
  collectGarbage();
  return {
    took,
    eventLoopMax: delay.max / 1e6,
    slowestRequest: requests.slowest,
    requests: requests.count,
    rssPeak: requests.peakRss - rssBefore,
    rssGrowth: process.memoryUsage().rss - rssBefore,
  };
}

// Let the seeding's garbage go first, so the memory rows show only what a snapshot keeps.
collectGarbage();
await new Promise((resolve) => setTimeout(resolve, 1000));

const runs = [];
for (const day of ['2026-05-01', '2026-05-02', '2026-05-03']) runs.push(await measure(day));

console.log(`## snapshot of the embedded database (${TASKS.toLocaleString('en')} tasks)\n`);
console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}\n`);
console.log(
  'A query is due every 5 ms while the snapshot is taken; the stall is the slowest answer, counted from when it was due.\n',
);
console.log(
  '| run | snapshot ms | slowest query ms | event-loop max delay ms | RSS peak growth | RSS growth after GC |',
);
console.log(
  '| --: | ----------: | ---------------: | ----------------------: | --------------: | ------------------: |',
);
runs.forEach((run, index) => {
  console.log(
    `| ${index + 1} | ${run.took.toFixed(0)} | ${run.slowestRequest.toFixed(0)} | ${run.eventLoopMax.toFixed(0)} | ${mib(run.rssPeak)} | ${mib(run.rssGrowth)} |`,
  );
});
console.log(
  `\nslowest query over all runs: ${Math.max(...runs.map((run) => run.slowestRequest)).toFixed(0)} ms`,
);

await database.close();
await rm(dataDir, { recursive: true, force: true });
