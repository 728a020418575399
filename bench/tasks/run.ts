// How fast the tasks API answers for a user with 10,000 tasks, and how close it comes to the raw SQL.
// Run: npm run bench:tasks -w @cairn/bench (embedded database), or with BENCH_DATABASE_URL set to a
// PostgreSQL server's URL (the bench makes and drops its own database there). See bench/README.md.
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { Bench } from 'tinybench';
import type * as AppModule from '../../apps/api/src/app';
import type * as EnvModule from '../../apps/api/src/config/env';
import type * as ClientModule from '../../apps/api/src/db/client';
import type * as StatisticsModule from '../../apps/api/src/db/planner-statistics';
import type * as SchemaModule from '../../apps/api/src/db/schema';
import type * as TimestamptzModule from '../../apps/api/src/db/timestamptz';

const TASK_COUNT = 10_000;
const levels = ['low', 'medium', 'high'] as const;
// Another copy of the API's source (an older version) can be measured the same way.
const apiSource = process.env.BENCH_API_SRC ?? new URL('../../apps/api/src', import.meta.url).pathname;
const postgresUrl = process.env.BENCH_DATABASE_URL;
const benchTime = Number(process.env.BENCH_TIME_MS ?? 400);

const { buildApp } = (await import(`${apiSource}/app.ts`)) as typeof AppModule;
const { parseConfig } = (await import(`${apiSource}/config/env.ts`)) as typeof EnvModule;
const { openPostgres, wrapPglite } = (await import(`${apiSource}/db/client.ts`)) as typeof ClientModule;
const { refreshPlannerStatistics } = (await import(
  `${apiSource}/db/planner-statistics.ts`
)) as typeof StatisticsModule;
const { tasks } = (await import(`${apiSource}/db/schema.ts`)) as typeof SchemaModule;
const { parseTimestamptz } = (await import(
  new URL('../../apps/api/src/db/timestamptz.ts', import.meta.url).pathname
)) as typeof TimestamptzModule;

type Statement = { text: string; params: unknown[] };
type Runner = {
  query(statement: Statement, name: string): Promise<Record<string, unknown>[]>;
  /** Runs statements in one transaction when the API ran them in one. */
  transaction<T>(work: (query: Runner['query']) => Promise<T>): Promise<T>;
  explain(statement: Statement): Promise<unknown>;
  close(): Promise<void>;
};

// --- The database, and a raw client on it that runs the same SQL the API runs ---------------------

let captured: Statement[] | undefined;
const record = (text: string, params: unknown[] | undefined) => {
  captured?.push({ text, params: params ?? [] });
};

let database: ClientModule.Database;
let raw: Runner;
let dropDatabase = async () => {};
const benchDatabase = `cairn_bench_${process.pid}`;
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
  const originalQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (
    this: pg.Client,
    config: unknown,
    values?: unknown,
    ...rest: unknown[]
  ) {
    if (captured) {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const params = Array.isArray(values) ? values : (config as { values?: unknown[] }).values;
      record(text, params);
    }
    return (originalQuery as (...args: unknown[]) => unknown).call(this, config, values, ...rest);
  } as typeof originalQuery;
  // Named statements: each connection prepares a statement once and then only binds and executes it.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const run = (client: pg.Pool | pg.PoolClient) => async (statement: Statement, name: string) =>
    (await client.query({ name, text: statement.text, values: statement.params })).rows;
  raw = {
    query: run(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        return await work(run(client));
      } finally {
        client.release();
      }
    },
    async explain(statement) {
      return (await pool.query(`explain (format json) ${statement.text}`, statement.params)).rows[0]?.[
        'QUERY PLAN'
      ];
    },
    close: () => pool.end(),
  };
} else {
  const pglite = await PGlite.create();
  database = wrapPglite(pglite);
  const originalQuery = pglite.query.bind(pglite);
  const originalTransaction = pglite.transaction.bind(pglite);
  pglite.query = ((text: string, params?: unknown[], options?: object) => {
    record(text, params);
    return originalQuery(text, params, options);
  }) as typeof pglite.query;
  pglite.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    originalTransaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: object) => {
        record(text, params);
        return txQuery(text, params, options);
      }) as typeof tx.query;
      return work(tx);
    })) as typeof pglite.transaction;
  // PGlite sends every query as an extended-protocol (prepared) statement; it keeps no named ones.
  raw = {
    query: async (statement) => (await originalQuery(statement.text, statement.params)).rows as never,
    transaction: (work) =>
      originalTransaction((tx) =>
        work(async (statement) => (await tx.query(statement.text, statement.params)).rows as never),
      ),
    async explain(statement) {
      const { rows } = await originalQuery<Record<string, unknown>>(
        `explain (format json) ${statement.text}`,
        statement.params,
      );
      return rows[0]?.['QUERY PLAN'];
    },
    close: async () => {},
  };
}
await database.migrate();

const app = await buildApp({
  config: parseConfig({ AUTH_RATE_LIMIT_MAX: '100000', WEB_DIST_DIR: '/nonexistent' }),
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
  logger: false,
});
await app.ready();

// --- A user with 10,000 tasks ----------------------------------------------------------------------

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
// As the server does at boot (embedded database) or autovacuum does (PostgreSQL).
if (database.pglite) await refreshPlannerStatistics(database.pglite);
else await database.db.execute('vacuum analyze');

// --- What the API runs for a request, and the same SQL answered by a bare route ---------------------

type Injected = { method: 'GET' | 'POST'; url: string; payload?: object };

async function apiCall(request: Injected) {
  const response = await app.inject({ ...request, headers });
  if (response.statusCode >= 300) throw new Error(`${request.url} answered ${response.statusCode}`);
  return response;
}

async function statementsOf(request: Injected): Promise<{ statements: Statement[]; body: string }> {
  captured = [];
  const response = await apiCall(request);
  const statements = captured;
  captured = undefined;
  return { statements, body: response.body };
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Builds a response object from a row in the order of the API's own keys; `extra` fills the rest. */
/** PostgreSQL's text form of a timestamptz, as the embedded database hands it over (see pglite-parsers.ts). */
const TIMESTAMPTZ_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}(:\d{2})?$/;
const revive = (value: unknown) =>
  typeof value === 'string' && TIMESTAMPTZ_TEXT.test(value) ? parseTimestamptz(value) : value;

function shaper(
  example: Record<string, unknown>,
  extra: (key: string, row: Record<string, unknown>) => unknown,
) {
  const keys = Object.keys(example);
  return (row: Record<string, unknown>) => {
    const byKey = new Map(Object.entries(row).map(([column, value]) => [camel(column), revive(value)]));
    return Object.fromEntries(keys.map((key) => [key, byKey.has(key) ? byKey.get(key) : extra(key, row)]));
  };
}

const find = (statements: Statement[], pattern: RegExp) => {
  const index = statements.findIndex((statement) => pattern.test(statement.text));
  if (index < 0) throw new Error(`no statement matches ${pattern}`);
  return index;
};

const listUrl = '/api/v1/tasks?status=open&sort=dueDate&order=asc';
const list = await statementsOf({ method: 'GET', url: listUrl });
const pageIndex = find(list.statements, /from "tasks".*limit/s);
const progressIndex = find(list.statements, /from "checklist_items"/);
const childrenIndex = find(list.statements, /group by "tasks"\."parent_id"/);
const listBody = JSON.parse(list.body) as { items: Record<string, unknown>[]; nextCursor: string | null };
// None of the bench's tasks repeats, so each one's recurrence reads as null.
const noRecurrence = (key: string) => (key === 'recurrence' ? null : undefined);
const shapeTask = shaper(listBody.items[0]!, noRecurrence);
const authSecret = new TextEncoder().encode('bench-secret-that-is-long-enough-for-hs256');

const meCall = await statementsOf({ method: 'GET', url: '/api/v1/users/me' });
const meIndex = find(meCall.statements, /from "users"/);
const shapeUser = shaper(JSON.parse(meCall.body), () => undefined);

const createPayload = { title: 'A new task', urgency: 'high' as const };
const create = await statementsOf({ method: 'POST', url: '/api/v1/tasks', payload: createPayload });
const createdId = JSON.parse(create.body).id as string;
const insertIndex = find(create.statements, /^insert into "tasks"/);
const shapeCreated = shaper(JSON.parse(create.body), (key) =>
  key === 'checklistProgress' || key === 'subtaskProgress'
    ? { completed: 0, total: 0 }
    : key === 'childrenCount'
      ? 0
      : noRecurrence(key),
);

// A first read may tidy the kept counts (after the bulk insert); the one measured is an everyday read.
await apiCall({ method: 'GET', url: '/api/v1/smart-views' });
const counts = await statementsOf({ method: 'GET', url: '/api/v1/smart-views' });

const limit = Fastify({ logger: false });
const json = (body: unknown) => JSON.stringify(body);
/** What the API must do anyway: check the token's signature (the session lookup is one of the statements). */
const verify = (authorization: string | undefined) =>
  jwtVerify((authorization ?? '').slice('Bearer '.length), authSecret);

limit.get('/limit/tasks', async (request, reply) => {
  await verify(request.headers.authorization);
  const results: Record<string, unknown>[][] = [];
  for (const [index, statement] of list.statements.entries()) {
    results.push(await raw.query(statement, `tasks_${index}`));
  }
  const progress = new Map(results[progressIndex]!.map((row) => [row.task_id ?? row.taskId, row]));
  const children = new Map(results[childrenIndex]!.map((row) => [row.parent_id ?? row.parentId, row]));
  const page = results[pageIndex]!;
  const items = page.slice(0, 50).map((row) => {
    const task = shapeTask(row);
    const done = progress.get(row.id);
    task.checklistProgress = { completed: Number(done?.completed ?? 0), total: Number(done?.total ?? 0) };
    const subtasks = children.get(row.id);
    task.childrenCount = Number(subtasks?.count ?? 0);
    task.subtaskProgress = {
      completed: Number(subtasks?.completed ?? 0),
      total: Number(subtasks?.live ?? 0),
    };
    return task;
  });
  // The cursor is the API's own; encoding it is a few microseconds either way.
  return reply.type('application/json; charset=utf-8').send(json({ items, nextCursor: listBody.nextCursor }));
});

limit.get('/limit/me', async (request, reply) => {
  await verify(request.headers.authorization);
  let user: Record<string, unknown> | undefined;
  for (const [index, statement] of meCall.statements.entries()) {
    const result = await raw.query(statement, `me_${index}`);
    if (index === meIndex) user = result[0];
  }
  return reply.type('application/json; charset=utf-8').send(json(shapeUser(user!)));
});

limit.post('/limit/tasks', async (request, reply) => {
  await verify(request.headers.authorization);
  const id = randomUUID();
  const inner = create.statements.filter((statement) => !/^(begin|commit)/i.test(statement.text));
  const row = await raw.transaction(async (query) => {
    let inserted: Record<string, unknown> | undefined;
    if (postgresUrl) await query({ text: 'begin', params: [] }, 'begin');
    for (const [index, statement] of inner.entries()) {
      const params = statement.params.map((value) => (value === createdId ? id : value));
      const result = await query({ text: statement.text, params }, `create_${index}`);
      if (statement === create.statements[insertIndex]) inserted = result[0];
    }
    if (postgresUrl) await query({ text: 'commit', params: [] }, 'commit');
    return inserted!;
  });
  return reply
    .status(201)
    .type('application/json; charset=utf-8')
    .send(json(shapeCreated(row)));
});
limit.post('/limit/smart-view-counts', async (_request, reply) => {
  for (const [index, statement] of counts.statements.entries()) await raw.query(statement, `counts_${index}`);
  return reply.send('{}');
});
await limit.ready();

async function limitCall(method: 'GET' | 'POST', url: string) {
  const response = await limit.inject({ method, url, headers });
  if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}`);
  return response;
}

// A fast wrong answer is not a result: the bare routes must answer the API's bytes.
const normalise = (body: string) =>
  body.replace(/"(id|createdAt|updatedAt)":"[^"]*"/g, '"$1":"…"').replace(/"priority":\d+/, '"priority":0');
const checks: [string, string, string][] = [
  [
    'task list',
    (await apiCall({ method: 'GET', url: listUrl })).body,
    (await limitCall('GET', '/limit/tasks')).body,
  ],
  [
    'users/me',
    (await apiCall({ method: 'GET', url: '/api/v1/users/me' })).body,
    (await limitCall('GET', '/limit/me')).body,
  ],
  [
    'create task',
    normalise((await apiCall({ method: 'POST', url: '/api/v1/tasks', payload: createPayload })).body),
    normalise((await limitCall('POST', '/limit/tasks')).body),
  ],
];
for (const [name, api, bare] of checks) {
  if (api !== bare)
    throw new Error(
      `${name}: the bare route answers other bytes\n${api.slice(0, 400)}\n${bare.slice(0, 400)}`,
    );
}

// --- Plans: every listing the web asks for reads an index in order, first page and next page -------

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
const webListings: [string, string][] = [
  ['classic list (default)', '/api/v1/tasks?status=open&sort=dueDate&order=asc'],
  ['classic list, due date descending', '/api/v1/tasks?status=open&sort=dueDate&order=desc'],
  ['classic list by title', '/api/v1/tasks?status=open&sort=title&order=asc'],
  ['classic list by date added', '/api/v1/tasks?status=open&sort=createdAt&order=desc'],
  ['classic list by urgency', '/api/v1/tasks?status=open&sort=urgency&order=desc'],
  ['classic list by importance', '/api/v1/tasks?status=open&sort=importance&order=desc'],
  ['classic list, done, by date completed', '/api/v1/tasks?status=completed&sort=completedAt&order=desc'],
  ['board', '/api/v1/tasks?status=all&sort=position'],
  ['archive', '/api/v1/tasks?view=archived&sort=archivedAt&order=desc'],
  ['trash', '/api/v1/tasks?isDeleted=true&sort=deletedAt&order=desc'],
];
// Some archived and trashed tasks, so those listings have a next page.
await database.db.execute(
  `update tasks set archived_at = now() where id in (select id from tasks where title like 'Task 1%' limit 300)`,
);
await database.db.execute(
  `update tasks set deleted_at = now() where id in (select id from tasks where title like 'Task 2%' limit 300)`,
);
if (database.pglite) await refreshPlannerStatistics(database.pglite);
else await database.db.execute('vacuum analyze');
const planRows: string[] = [];
for (const [name, url] of webListings) {
  const first = await statementsOf({ method: 'GET', url });
  const cursor = (JSON.parse(first.body) as { nextCursor: string | null }).nextCursor;
  const next = cursor ? await statementsOf({ method: 'GET', url: `${url}&cursor=${cursor}` }) : undefined;
  const verdicts = [];
  for (const call of [first, next]) {
    if (!call) {
      verdicts.push('no next page');
      continue;
    }
    const statement = call.statements[find(call.statements, /from "tasks".*limit/s)]!;
    const [plan] = (await raw.explain(statement)) as { Plan: PlanNode }[];
    const nodes = nodesOf(plan!.Plan);
    const sorted = nodes.some((node) => node['Node Type'].includes('Sort'));
    const index = nodes.find((node) => node['Index Name'])?.['Index Name'];
    verdicts.push(`${sorted ? '**sorts**' : 'no sort'}, ${index ? `\`${index}\`` : '**no index**'}`);
  }
  planRows.push(`| ${name} | ${verdicts[0]} | ${verdicts[1]} |`);
}

// --- Timing ----------------------------------------------------------------------------------------

const bench = new Bench({ time: benchTime, warmupTime: 100 });
const pairs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
  [
    'task list, first page',
    () => apiCall({ method: 'GET', url: listUrl }),
    () => limitCall('GET', '/limit/tasks'),
  ],
  [
    'GET /users/me',
    () => apiCall({ method: 'GET', url: '/api/v1/users/me' }),
    () => limitCall('GET', '/limit/me'),
  ],
  [
    'create task',
    () => apiCall({ method: 'POST', url: '/api/v1/tasks', payload: createPayload }),
    () => limitCall('POST', '/limit/tasks'),
  ],
];
/**
 * The API and its limit take turns, call for call, so a neighbour's burst of work on a shared machine
 * slows both alike; the ratio compares medians.
 */
async function interleaved(api: () => Promise<unknown>, bare: () => Promise<unknown>) {
  const times: { api: number[]; bare: number[] } = { api: [], bare: [] };
  const time = async (call: () => Promise<unknown>, into: number[]) => {
    const start = performance.now();
    await call();
    into.push(performance.now() - start);
  };
  for (let round = 0; round < 10; round++) {
    await api();
    await bare();
  }
  const end = performance.now() + 2 * benchTime;
  while (performance.now() < end || times.api.length < 20) {
    await time(api, times.api);
    await time(bare, times.bare);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { api: median(times.api), bare: median(times.bare), rounds: times.api.length };
}
const startLoad = loadavg()[0]!;
const paired: [string, Awaited<ReturnType<typeof interleaved>>][] = [];
for (const [name, api, bare] of pairs) paired.push([name, await interleaved(api, bare)]);
const singles: [string, string][] = [
  ['smart-view counts', '/api/v1/smart-views'],
  ['first page · default order', '/api/v1/tasks'],
  ['first page · view today', '/api/v1/tasks?view=today&status=open&sort=dueDate'],
  ['first page · text search', '/api/v1/tasks?q=invoice'],
  ['first page · one list, open only', `/api/v1/tasks?listId=${lists[1]}&status=open&sort=dueDate`],
  ['list summaries', '/api/v1/lists'],
  ["today's plan", '/api/v1/tasks/today-plan'],
  ['random draw, seeded', '/api/v1/tasks/random?seed=42'],
  ['rewards, claimable', '/api/v1/rewards'],
  ['swiss candidates', '/api/v1/tasks/swiss/candidates'],
];
for (const [name, url] of singles) bench.add(`api · ${name}`, () => apiCall({ method: 'GET', url }));
bench.add('sql · smart-view counts', () => limitCall('POST', '/limit/smart-view-counts'));
await bench.run();

const result = (name: string) => bench.tasks.find((task) => task.name === name)!.result!;
const driverName = postgresUrl ? 'PostgreSQL' : 'embedded database (PGlite)';
const fmt = (entry: { mean: number; p99: number; hz: number; rme: number }) =>
  `${entry.mean.toFixed(2)} | ${entry.p99.toFixed(2)} | ${entry.hz.toFixed(0)} ±${entry.rme.toFixed(1)}%`;
console.log(`## Tasks API, ${TASK_COUNT.toLocaleString('en-US')} tasks, ${driverName}\n`);
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}, load average ${startLoad.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}\n`,
);
console.log(
  'Ratio: limit median ÷ API median (API ops/s ÷ limit ops/s), where the limit is a bare Fastify route in the same process running the SQL the API ran, with prepared statements, answering the same bytes. The two take turns call for call.\n',
);
console.log('| case | API median ms | limit median ms | rounds | ratio |');
console.log('| --- | ---: | ---: | ---: | ---: |');
const ratios: [string, number][] = [];
for (const [name, times] of paired) {
  ratios.push([name, times.bare / times.api]);
  console.log(
    `| ${name} | ${times.api.toFixed(2)} | ${times.bare.toFixed(2)} | ${times.rounds} | ${(times.bare / times.api).toFixed(2)}× |`,
  );
}
console.log('\n| case | mean ms | p99 ms | ops/s |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name] of singles) console.log(`| ${name} | ${fmt(result(`api · ${name}`))} |`);
console.log(`| smart-view counts, SQL only | ${fmt(result('sql · smart-view counts'))} |`);
console.log('\n| listing the web asks for | first page plan | next page plan |');
console.log('| --- | --- | --- |');
for (const row of planRows) console.log(row);
const lowest = ratios.reduce((worst, entry) => (entry[1] < worst[1] ? entry : worst));
console.log(`\nLowest ratio: ${lowest[0]}, ${lowest[1].toFixed(2)}×.`);

await app.close();
await limit.close();
await raw.close();
await database.close();
await dropDatabase();
