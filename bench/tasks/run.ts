// How fast the tasks API answers for a user with 10,000 tasks, on the embedded database.
// Run: npm run bench:tasks -w @cairn/bench (see bench/README.md for the output format).
import { cpus } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { Bench } from 'tinybench';
import { buildApp } from '../../apps/api/src/app';
import { parseConfig } from '../../apps/api/src/config/env';
import { wrapPglite } from '../../apps/api/src/db/client';
import { refreshPlannerStatistics } from '../../apps/api/src/db/planner-statistics';
import { tasks } from '../../apps/api/src/db/schema';

const TASK_COUNT = 10_000;
const levels = ['low', 'medium', 'high'] as const;

const database = wrapPglite(await PGlite.create());
await database.migrate();
const app = await buildApp({
  config: parseConfig({ AUTH_RATE_LIMIT_MAX: '100000', WEB_DIST_DIR: '/nonexistent' }),
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
  logger: false,
});
await app.ready();

const signup = await app.inject({
  method: 'POST',
  url: '/auth/signup',
  payload: { username: 'bench', email: 'bench@example.com', password: 'Bench-pass1' },
});
const token = signup.json().accessToken.token as string;
const headers = { authorization: `Bearer ${token}`, 'x-timezone': 'Europe/Warsaw' };
const me = (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).json();
const columns = (await app.inject({ method: 'GET', url: '/api/v1/columns', headers })).json().items as {
  id: string;
}[];
const lists: string[] = [];
for (const name of ['Work', 'Home', 'Errands', 'Reading']) {
  lists.push(
    (await app.inject({ method: 'POST', url: '/api/v1/lists', headers, payload: { name } })).json().id,
  );
}

// A realistic spread: a third dated around today, some done, some in lists, a few subtasks.
const now = Date.now();
const rows = Array.from({ length: TASK_COUNT }, (_, index) => ({
  userId: me.id as string,
  title: `Task ${index} ${index % 7 === 0 ? 'invoice' : 'errand'}`,
  note: index % 5 === 0 ? `Notes for task ${index}` : null,
  columnId: columns[index % columns.length]!.id,
  listId: index % 3 === 0 ? null : lists[index % lists.length],
  urgency: levels[index % 3],
  importance: levels[(index >> 1) % 3],
  priority: index * 1024,
  dueDate: index % 3 === 0 ? new Date(now + ((index % 40) - 20) * 86_400_000) : null,
  completedAt: index % 4 === 0 ? new Date(now - (index % 10) * 3_600_000) : null,
  createdAt: new Date(now - (index % 30) * 86_400_000),
}));
for (let offset = 0; offset < rows.length; offset += 1000) {
  await database.db.insert(tasks).values(rows.slice(offset, offset + 1000));
}
// As the server does at boot and every few hours on the embedded database.
await refreshPlannerStatistics(database.pglite!);

const request = (url: string) => async () => {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
};

const cases: [string, string][] = [
  ['first page · default order', '/api/v1/tasks'],
  ['first page · sorted by due date', '/api/v1/tasks?sort=dueDate'],
  ['first page · view today', '/api/v1/tasks?view=today'],
  ['first page · text search', '/api/v1/tasks?q=invoice'],
  ['first page · one list, open only', `/api/v1/tasks?listId=${lists[1]}&status=open`],
  ['smart-view counts', '/api/v1/smart-views'],
  ['list summaries', '/api/v1/lists'],
];

const bench = new Bench({ time: 1500, warmupTime: 300 });
bench.add('baseline · GET /users/me', request('/api/v1/users/me'));
for (const [name, url] of cases) bench.add(name, request(url));
await bench.run();

const results = bench.tasks.map((task) => ({ name: task.name, result: task.result! }));
const baseline = results[0]!.result;
console.log(`## Tasks API, ${TASK_COUNT.toLocaleString('en-US')} tasks, embedded database (PGlite)\n`);
console.log(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}\n`);
console.log(
  'Ratio: mean time of the case ÷ mean time of GET /users/me (one indexed row) in the same process.\n',
);
console.log('| case | mean ms | p99 ms | ops/s | ratio to baseline |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const { name, result } of results) {
  console.log(
    `| ${name} | ${result.mean.toFixed(2)} | ${result.p99.toFixed(2)} | ${result.hz.toFixed(0)} ±${result.rme.toFixed(1)}% | ${(result.mean / baseline.mean).toFixed(1)}× |`,
  );
}
const slowest = results
  .slice(1)
  .reduce((worst, entry) => (entry.result.mean > worst.result.mean ? entry : worst));
console.log(`\nSlowest case: ${slowest.name}, ${slowest.result.mean.toFixed(2)} ms mean.`);
await app.close();
await database.close();
