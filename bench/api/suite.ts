// The API under load (autocannon, 10 connections) for the heavy user of a seeded instance, against its
// limit: a bare Fastify route in the same process running the very statements the API ran, through the
// same driver, answering the same JSON. See bench/README.md ("api").
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { parseConfig } from '../../apps/api/src/config/env';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client';
import { refreshPlannerStatistics } from '../../apps/api/src/db/planner-statistics';
import type { SeedOptions, SeedResult } from '../seed/seed-result';
import type { BenchRow } from '../support/bench-row';
import { pgliteRecorder, pgRecorder, type Recorder, type Statement } from './recorder';

export type ApiSuiteOptions = {
  /** A PostgreSQL server to make a database on; the embedded database (PGlite) when left out. */
  postgresUrl?: string;
  users: number;
  scale: number;
  /** Timed seconds per case and side (ours, limit), split over a few rounds. */
  seconds: number;
  onProgress?: (line: string) => void;
};

const CONNECTIONS = 10;
/** A table under this many pages may be scanned whole: see explainStatements. */
const SMALL_TABLE_PAGES = 8;
const ROUNDS = 3;
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const resultsFolder = new URL('../results/', import.meta.url).pathname;

/**
 * BENCH_API_ONLY="work-log CSV export;add a transaction": only those cases (names as in the table,
 * some of which hold a comma), to measure a change quickly. Unset, every case.
 */
function casesToRun(names: string[]): Set<string> | undefined {
  const asked = (process.env.BENCH_API_ONLY ?? '')
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);
  if (asked.length === 0) return undefined;
  const unknown = asked.filter((name) => !names.includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_API_ONLY names no case ${unknown.join(', ')}; the cases: ${names.join(', ')}`);
  return new Set(asked);
}

type SeedInstance = (database: Database, options: SeedOptions) => Promise<SeedResult>;

type Request = { method: 'GET' | 'POST'; url: string; body?: object };

type Timing = {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
};

export async function runApiSuite(options: ApiSuiteOptions): Promise<BenchRow[]> {
  const log = options.onProgress ?? (() => {});
  const isPostgres = options.postgresUrl !== undefined;
  const group = isPostgres ? 'api · PostgreSQL' : 'api · embedded';
  const target = isPostgres ? 0.9 : 0.8;

  // --- A fresh database, migrated and seeded ---------------------------------------------------------
  let database: Database | undefined;
  let recorder: Recorder | undefined;
  let cleanUp: (() => Promise<void>) | undefined;
  const seed = async (into: Database) => {
    await into.migrate();
    const { seedInstance } = (await import(new URL('../seed/seed.ts', import.meta.url).pathname)) as {
      seedInstance: SeedInstance;
    };
    log(`seeding ${options.users} heavy user(s) at scale ${options.scale}`);
    const result = await seedInstance(into, { users: options.users, scale: options.scale, onProgress: log });
    log(`seeded in ${result.seconds.toFixed(0)} s`);
    return result;
  };
  let seeded: SeedResult;
  const servers: FastifyInstance[] = [];
  try {
    if (options.postgresUrl) {
      const name = `cairn_bench_api_${process.pid}`;
      const admin = new pg.Client({ connectionString: options.postgresUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanUp = async () => {
        // Every pool is closed by now, but a pool's end() resolves before its connections have gone:
        // dropping at once would terminate them, and their clients would report a lost connection.
        for (let tries = 0; tries < 200; tries += 1) {
          const { rows } = await admin.query(
            'select count(*)::int as open from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
      const url = new URL(options.postgresUrl);
      url.pathname = `/${name}`;
      // Seeded through a pool of its own, closed before the app starts, as `npm run seed` then a server:
      // the app's connections and its statement names start afresh rather than with the seed's.
      const seeding = openPostgres(url.toString());
      try {
        seeded = await seed(seeding);
        // What autovacuum would have done by the time a user reads.
        await seeding.db.execute('vacuum analyze');
      } finally {
        await seeding.close();
      }
      recorder = pgRecorder(url.toString());
      database = openPostgres(url.toString());
    } else {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'cairn-bench-api-'));
      cleanUp = () => rm(dataDir, { recursive: true, force: true });
      database = await openPglite({ dataDir });
      seeded = await seed(database);
      // As the server does at boot.
      await refreshPlannerStatistics(database.pglite!);
      recorder = pgliteRecorder(database.pglite!);
    }
    const heavy = seeded.heavy[0]!;
    const limitDriver: Recorder = recorder;

    // --- The real app on a port, signed in as the first heavy user -----------------------------------
    const app = await buildApp({
      config: parseConfig({ AUTH_RATE_LIMIT_MAX: '1000000', WEB_DIST_DIR: '/nonexistent' }),
      database,
      jwtSecret: JWT_SECRET,
      logger: false,
    });
    servers.push(app);
    const apiBase = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { username: heavy.email, password: heavy.password },
    });
    if (login.statusCode !== 200) throw new Error(`signing in answered ${login.statusCode}: ${login.body}`);
    const token = login.json().accessToken.token as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const call = async (request: Request) => {
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers,
        ...(request.body && { payload: request.body }),
      });
      if (response.statusCode >= 300) {
        throw new Error(`${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`);
      }
      return response;
    };
    const record = async (request: Request) => {
      const { result, statements } = await limitDriver.record(() => call(request));
      return { response: result, statements };
    };

    // --- The limit: bare routes on their own port ---------------------------------------------------
    const limit = Fastify({ logger: false, bodyLimit: 1 << 20 });
    servers.push(limit);
    const secret = new TextEncoder().encode(JWT_SECRET);
    // What the API must do anyway: check the token's signature (the session lookup is one of the statements).
    const verify = (authorization: string | undefined) =>
      jwtVerify((authorization ?? '').slice('Bearer '.length), secret);
    type LimitHandler = (
      params: Record<string, string>,
    ) => Promise<{ status: number; type: string; body: string | Buffer }>;
    const limitRoutes = new Map<string, LimitHandler>();
    limit.route({
      method: ['GET', 'POST'],
      url: '/limit/:case/*',
      handler: async (request, reply) => {
        await verify(request.headers.authorization);
        const { case: name, '*': rest } = request.params as { case: string; '*': string };
        const handler = limitRoutes.get(name);
        if (!handler) return reply.status(404).send();
        const answer = await handler(Object.fromEntries(new URLSearchParams(rest)));
        return reply.status(answer.status).type(answer.type).send(answer.body);
      },
    });
    const limitBase = await limit.listen({ host: '127.0.0.1', port: 0 });

    // --- The cases -----------------------------------------------------------------------------------
    const startOfTodayUtc = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    const reads: { name: string; url: string }[] = [
      {
        name: 'kanban board',
        url: `/api/v1/tasks/groups?listId=${heavy.boardListId}&status=all&sort=position&groupBy=column&doneSince=${encodeURIComponent(startOfTodayUtc)}&limit=50`,
      },
      { name: 'smart-view counts', url: '/api/v1/smart-views' },
      {
        name: 'classic list, first page, filtered',
        url: `/api/v1/tasks?listId=${heavy.listIds[0]}&status=open&importance=high&sort=dueDate&order=asc`,
      },
      { name: 'task page, deep subtree', url: `/api/v1/tasks/${heavy.deepTaskId}` },
      { name: 'notes search', url: `/api/v1/notes?q=${encodeURIComponent(heavy.noteSearchTerms.common)}` },
      { name: 'money balances', url: '/api/v1/money/balances' },
      {
        name: 'money monthly report, 3 years',
        url: `/api/v1/money/reports/monthly?from=${heavy.firstDay}&to=${heavy.lastDay}`,
      },
      { name: 'dashboard chart data', url: `/api/v1/tracker-dashboard/${heavy.busiestChartId}/data` },
      { name: 'work-log report', url: `/api/v1/worklogs/reports?from=${heavy.firstDay}&to=${heavy.lastDay}` },
      {
        name: 'work-log CSV export',
        url: `/api/v1/worklogs/export?projectId=${heavy.projectIds[0]}&from=${heavy.firstDay}&to=${heavy.lastDay}`,
      },
    ];

    const only = casesToRun([
      ...reads.map((read) => read.name),
      'create task',
      'add a transaction',
      'add a tracker log',
      'move task',
      'complete a recurring task',
    ]);
    const runs = (name: string) => only === undefined || only.has(name);

    const userTables = new Set(
      (
        await limitDriver.query(
          `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id'`,
        )
      ).map((row) => String(row.table_name)),
    );
    const explainLog: string[] = [
      `EXPLAIN ANALYZE of each read's statements, ${group}, ${new Date().toISOString()}`,
      `users ${options.users}, scale ${options.scale}; heavy user ${heavy.userId}`,
      '',
    ];

    const rows: BenchRow[] = [];
    const timeBoth = async (
      name: string,
      ours: autocannon.Options,
      bare: autocannon.Options | undefined,
    ): Promise<{ ours: Timing; bare?: Timing }> => {
      const totals = { ours: emptyTiming(), bare: emptyTiming() };
      // A round is a number of requests, not a duration: autocannon leaves requests still running when
      // its time is up, and the server would go on answering them into the next round. One request
      // alone sets the count, so a round lasts about its share of the seconds.
      const alone = await hammer({ ...ours, connections: 1, amount: 3 });
      const single = Math.max(0.2, percentile(alone.latencies, 0.5)) / 1000;
      const parallel = isPostgres ? 2 : 1;
      const perRound = (options.seconds / ROUNDS) * (parallel / single);
      const amount = Math.max(2, Math.round(perRound / CONNECTIONS)) * CONNECTIONS;
      // Short rounds taking turns, the side that starts alternating, so a neighbour's burst hits both.
      for (let round = 0; round < ROUNDS; round += 1) {
        const sides = round % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
        for (const side of sides) {
          const config = side === 'ours' ? ours : bare;
          if (!config) continue;
          add(totals[side], await hammer({ ...config, amount }));
        }
      }
      log(`${name}: ${summary(totals.ours)}${bare ? ` · limit ${summary(totals.bare)}` : ''}`);
      return { ours: totals.ours, ...(bare && { bare: totals.bare }) };
    };

    // Reads first: the writes change data.
    for (const [index, read] of reads.entries()) {
      if (!runs(read.name)) continue;
      const request: Request = { method: 'GET', url: read.url };
      // A first read may tidy kept figures; the one recorded is an everyday read.
      await call(request);
      const { response, statements } = await record(request);
      const isCsv = String(response.headers['content-type'] ?? '').startsWith('text/csv');
      const type = String(response.headers['content-type'] ?? 'application/json; charset=utf-8');
      const parsed = isCsv ? undefined : JSON.parse(response.body);
      const key = `r${index}`;
      limitRoutes.set(key, async () => {
        await limitDriver.replay(statements, key);
        // The JSON is serialised again from the API's answer: the limit pays for serialising the same
        // document, but not for shaping rows into it, so it is a bound no slower than the real thing.
        return { status: 200, type, body: isCsv ? response.rawPayload : JSON.stringify(parsed) };
      });
      // A fast wrong answer is not a result: the bare route must read the very rows the API read.
      const replayed = await limitDriver.replay(statements, key);
      for (const [at, statement] of statements.entries()) {
        if (!sameRows(statement, replayed[at])) {
          throw new Error(
            `${read.name}: statement ${at} reads other rows bare\n${statement.text.slice(0, 300)}`,
          );
        }
      }
      const bareCheck = await fetch(`${limitBase}/limit/${key}/`, { headers });
      // Compared as bytes: decoding as text would drop a byte-order mark.
      const bareBytes = Buffer.from(await bareCheck.arrayBuffer());
      if (!bareBytes.equals(isCsv ? response.rawPayload : Buffer.from(JSON.stringify(parsed)))) {
        throw new Error(`${read.name}: the bare route answers other bytes`);
      }
      if (!isCsv && response.body !== JSON.stringify(parsed)) {
        throw new Error(`${read.name}: the API's body does not read back as the same JSON`);
      }

      const seqScans = await explainStatements(read.name, read.url, statements);
      const timing = await timeBoth(
        read.name,
        { url: `${apiBase}${read.url}`, headers },
        { url: `${limitBase}/limit/${key}/`, headers },
      );
      rows.push(...readRows(read.name, timing, seqScans, shape(statements), describe(response.body, isCsv)));
    }
    await mkdir(resultsFolder, { recursive: true });
    await writeFile(
      path.join(resultsFolder, isPostgres ? 'explain-postgres.txt' : 'explain-embedded.txt'),
      `${explainLog.join('\n')}\n`,
    );

    // --- Writes --------------------------------------------------------------------------------------
    const accountList = (await call({ method: 'GET', url: '/api/v1/money/accounts' })).json().items as {
      id: string;
      currencyId: string;
    }[];
    const account = accountList.find((item) => item.id === heavy.accountIds[0]) ?? accountList[0]!;
    const creates: { name: string; request: Request }[] = [
      {
        name: 'create task',
        request: { method: 'POST', url: '/api/v1/tasks', body: { title: 'Call the plumber' } },
      },
      {
        name: 'add a transaction',
        request: {
          method: 'POST',
          url: '/api/v1/money/transactions',
          body: {
            type: 'expense',
            accountId: account.id,
            amount: '12.34',
            currencyId: account.currencyId,
            date: heavy.lastDay,
            note: 'Lunch',
          },
        },
      },
      {
        name: 'add a tracker log',
        request: {
          method: 'POST',
          url: '/api/v1/tracker-logs',
          body: { trackerId: heavy.plainTrackerId, value: '7.5' },
        },
      },
    ];
    for (const [index, write] of creates.entries()) {
      if (!runs(write.name)) continue;
      const key = `w${index}`;
      // Two calls: the ids that differ between them are the ones the API makes afresh for each request.
      const first = await record(write.request);
      const second = await record(write.request);
      const fresh = freshIds(first.statements, second.statements);
      const template = second.response.body;
      const status = second.response.statusCode;
      const limitWrite = async () => {
        const ids = new Map([...fresh].map((id) => [id, randomUUID()]));
        const statements = second.statements.map((statement) => ({
          ...statement,
          params: statement.params.map((value) => substitute(value, ids)),
        }));
        const results = await limitDriver.replay(statements, key);
        let body = template;
        for (const [from, to] of ids) body = body.replaceAll(from, to);
        return { results, answer: { status, type: 'application/json; charset=utf-8', body } };
      };
      limitRoutes.set(key, async () => (await limitWrite()).answer);
      const check = await limitWrite();
      for (const [at, statement] of second.statements.entries()) {
        if ((statement.rows?.length ?? 0) !== (check.results[at]?.length ?? 0)) {
          throw new Error(
            `${write.name}: statement ${at} touches other rows bare\n${statement.text.slice(0, 300)}`,
          );
        }
      }
      const timing = await timeBoth(
        write.name,
        {
          url: `${apiBase}${write.request.url}`,
          method: 'POST',
          headers,
          body: JSON.stringify(write.request.body),
        },
        { url: `${limitBase}/limit/${key}/`, method: 'POST', headers, body: '{}' },
      );
      rows.push(...writeRows(write.name, timing, second.statements.length));
    }

    // Moving a card: tasks of the board's first column go to the second and back, each request another task.
    const board = (await call({ method: 'GET', url: reads[0]!.url })).json() as {
      groups: { columnId: string; items: { id: string }[] }[];
    };
    const movable = board.groups
      .slice(0, 2)
      .flatMap((column) => column.items.map((task) => ({ id: task.id, columnId: column.columnId })));
    const [columnA, columnB] = [heavy.columnIds[0]!, heavy.columnIds[1]!];
    const where = new Map(movable.map((task) => [task.id, task.columnId === columnA ? columnA : columnB]));
    const queue = [...where.keys()];
    const nextMove = () => {
      const id = queue.shift()!;
      queue.push(id);
      const to = where.get(id) === columnA ? columnB : columnA;
      where.set(id, to);
      return { id, from: to === columnA ? columnB : columnA, to };
    };
    if (!runs('move task')) {
      // Not asked for.
    } else if (queue.length >= CONNECTIONS) {
      const sample = nextMove();
      const recorded = await record({
        method: 'POST',
        url: `/api/v1/tasks/${sample.id}/move`,
        body: { columnId: sample.to, position: 0 },
      });
      limitRoutes.set('move', async (params) => {
        const ids = new Map([
          [sample.id, params.id!],
          [sample.to, params.to!],
          [sample.from, params.from!],
        ]);
        const statements = recorded.statements.map((statement) => ({
          ...statement,
          params: statement.params.map((value) => substitute(value, ids)),
        }));
        await limitDriver.replay(statements, 'move');
        let body = recorded.response.body;
        for (const [from, to] of ids) body = body.replaceAll(from, to);
        return { status: 200, type: 'application/json; charset=utf-8', body };
      });
      const timing = await timeBoth(
        'move task',
        {
          url: apiBase,
          headers,
          requests: [
            {
              setupRequest: (request) => {
                const move = nextMove();
                return {
                  ...request,
                  method: 'POST',
                  path: `/api/v1/tasks/${move.id}/move`,
                  body: JSON.stringify({ columnId: move.to, position: 0 }),
                };
              },
            },
          ],
        },
        {
          url: limitBase,
          headers,
          requests: [
            {
              setupRequest: (request) => {
                const move = nextMove();
                return {
                  ...request,
                  method: 'POST',
                  path: `/limit/move/id=${move.id}&from=${move.from}&to=${move.to}`,
                  body: '{}',
                };
              },
            },
          ],
        },
      );
      rows.push(...writeRows('move task', timing, recorded.statements.length));
    } else {
      log(`move task: only ${queue.length} cards on the board's first columns, skipped`);
    }

    // Completing a recurring task makes the next occurrence, which the next request completes. The
    // limit cannot replay this fairly: replayed statements would complete a completed task again and
    // insert an occurrence the series already has.
    if (!runs('complete a recurring task')) return rows;
    const open = [...heavy.recurringTaskIds];
    const completing = await timeBoth(
      'complete a recurring task',
      {
        url: apiBase,
        headers,
        requests: [
          {
            setupRequest: (request) => {
              const id = open.shift() ?? heavy.recurringTaskIds[0]!;
              return { ...request, method: 'POST', path: `/api/v1/tasks/${id}/complete`, body: '{}' };
            },
            onResponse: (status, body) => {
              if (status !== 200) return;
              const next = (JSON.parse(body) as { nextOccurrence: { id: string } | null }).nextOccurrence;
              if (next) open.push(next.id);
            },
          },
        ],
      },
      undefined,
    );
    rows.push(
      ...writeRows('complete a recurring task', completing, undefined, [
        `no limit: a replay would complete the same task again and repeat its next occurrence`,
        `${heavy.recurringTaskIds.length} series`,
      ]),
    );
    return rows;

    // --- Helpers that need the run's state -----------------------------------------------------------

    async function explainStatements(name: string, url: string, statements: Statement[]) {
      explainLog.push(`=== ${name}: GET ${url}`, '');
      const scans = new Set<string>();
      for (const [at, statement] of statements.entries()) {
        const text = statement.text.trim();
        // A union of parenthesised selects (the board's pages) starts with a bracket.
        if (!/^\(*\s*(select|with)\b/i.test(text)) continue;
        // A read that also writes (a `with … update`) is explained without running it.
        const isWriting = /\b(insert|update|delete)\b/i.test(text);
        const plan = await limitDriver.query(
          `explain (${isWriting ? 'costs' : 'analyze, buffers'}) ${text}`,
          statement.params,
        );
        const lines = plan.map((row) => String(row['QUERY PLAN']));
        for (const line of lines) {
          const match = /Seq Scan on (\w+)/.exec(line);
          if (match && userTables.has(match[1]!)) scans.add(match[1]!);
        }
        // A sequential scan reads the whole table: it reads another user's rows when the table holds some
        // (a scan of a table holding only this user's rows, say their few charts, is the right plan).
        // A table of a few pages is read whole in less than an index lookup costs, so the planner
        // rightly scans it; at scale 1 the same statements of auth_sessions, money_accounts and
        // worklogs_projects, a dozen pages or more there, read their index.
        for (const table of scans) {
          const [other] = await limitDriver.query(
            `select exists (select 1 from "${table}" where user_id <> $1) as other,
                    pg_relation_size('"${table}"') / current_setting('block_size')::int as pages`,
            [heavy.userId],
          );
          if (!other?.other || Number(other.pages) < SMALL_TABLE_PAGES) scans.delete(table);
        }
        explainLog.push(
          `--- statement ${at + 1} of ${statements.length}`,
          text,
          `-- parameters: ${JSON.stringify(statement.params)}`,
          ...lines,
          '',
        );
      }
      return [...scans];
    }

    function readRows(
      name: string,
      timing: { ours: Timing; bare?: Timing },
      seqScans: string[],
      statementShape: string,
      size: string,
    ): BenchRow[] {
      const ours = perSecond(timing.ours);
      const bare = perSecond(timing.bare!);
      const ratio = ours / bare;
      const p50 = percentile(timing.ours.latencies, 0.5);
      const p99 = percentile(timing.ours.latencies, 0.99);
      const notes = [
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
        `limit p50 ${percentile(timing.bare!.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(timing.bare!.latencies, 0.99).toFixed(1)} ms`,
        `${statementShape}, ${size}`,
        ...(seqScans.length ? [`seq scan on ${seqScans.join(', ')}`] : []),
        ...(timing.ours.errors + timing.bare!.errors
          ? [`${timing.ours.errors + timing.bare!.errors} errors`]
          : []),
      ];
      const result: BenchRow[] = [
        {
          group,
          metric: `${name} · req/s`,
          value: rate(ours),
          unit: 'req/s',
          limit: rate(bare),
          target,
          ratio: round(ratio, 2),
          pass: ratio >= target && seqScans.length === 0 && timing.ours.errors === 0,
          note: notes.join('; '),
        },
      ];
      if (isPostgres) {
        result.push({
          group,
          metric: `${name} · p99`,
          value: round(p99, 1),
          unit: 'ms',
          target: 50,
          pass: p99 < 50,
          note: `p50 ${p50.toFixed(1)} ms at ${CONNECTIONS} connections`,
        });
      }
      return result;
    }

    function writeRows(
      name: string,
      timing: { ours: Timing; bare?: Timing },
      statementCount: number | undefined,
      extra: string[] = [],
    ): BenchRow[] {
      const ours = perSecond(timing.ours);
      const p50 = percentile(timing.ours.latencies, 0.5);
      const p99 = percentile(timing.ours.latencies, 0.99);
      const bare = timing.bare ? perSecond(timing.bare) : undefined;
      const notes = [
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
        ...(timing.bare
          ? [
              `limit p50 ${percentile(timing.bare.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(timing.bare.latencies, 0.99).toFixed(1)} ms`,
            ]
          : []),
        ...(statementCount === undefined ? [] : [`${statementCount} statements`]),
        ...extra,
        ...(timing.ours.errors ? [`${timing.ours.errors} errors`] : []),
      ];
      return [
        {
          group,
          metric: `${name} · req/s`,
          value: rate(ours),
          unit: 'req/s',
          ...(bare !== undefined && { limit: rate(bare), ratio: round(ours / bare, 2) }),
          note: notes.join('; '),
        },
      ];
    }
  } finally {
    for (const server of servers.reverse()) await server.close();
    await recorder?.close();
    await database?.close();
    await cleanUp?.();
  }
}

// --- Load ------------------------------------------------------------------------------------------

function emptyTiming(): Timing {
  return { requests: 0, seconds: 0, latencies: [], errors: 0 };
}

function add(into: Timing, from: Timing) {
  into.requests += from.requests;
  into.seconds += from.seconds;
  into.errors += from.errors;
  for (const latency of from.latencies) into.latencies.push(latency);
}

/** One autocannon run; each response's own time is kept, so rounds add up into one distribution. */
function hammer(options: autocannon.Options): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    // Autocannon ends a run on its one-second tick; the run's own time is up to its last answer.
    let lastAnswer = started;
    const instance = autocannon(
      { connections: CONNECTIONS, timeout: 60, ...options },
      (error: Error | null, result: autocannon.Result) => {
        if (error) return reject(error);
        resolve({
          requests: latencies.length,
          seconds: (lastAnswer - started) / 1000,
          latencies,
          errors: errors + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastAnswer = performance.now();
      if (statusCode >= 300) errors += 1;
      else latencies.push(responseTime);
    });
  });
}

/**
 * Requests answered over the rounds' own time, each round from its start to its last answer: exact for
 * slow cases too, where autocannon's own figures move in steps of its one-second tick.
 */
const perSecond = (timing: Timing) => timing.requests / timing.seconds;

function percentile(values: number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

const round = (value: number, digits = 0) => Number(value.toFixed(digits));
/** Requests per second, whole from 100 up and to three figures below, so slow cases keep their ratio. */
const rate = (value: number) => (value >= 100 ? Math.round(value) : Number(value.toPrecision(3)));

function summary(timing: Timing) {
  return `${rate(perSecond(timing))} req/s, p50 ${percentile(timing.latencies, 0.5).toFixed(1)} ms, p99 ${percentile(timing.latencies, 0.99).toFixed(1)} ms${timing.errors ? `, ${timing.errors} errors` : ''}`;
}

// --- Comparing and replaying -------------------------------------------------------------------------

/** A row as text, dates and binary values included, to compare what two runs read. */
function comparable(row: unknown): string {
  return JSON.stringify(row, (_key, value) =>
    value instanceof Uint8Array
      ? Buffer.from(value).toString('hex')
      : typeof value === 'bigint'
        ? String(value)
        : value,
  );
}

/**
 * Whether a replay read the rows the API read: in the same order, or in any order for a statement
 * without ORDER BY, whose order is the plan's (a hash aggregate's, a parallel scan's) and may differ
 * between two runs of the same statement.
 */
function sameRows(statement: Statement, replayed: unknown[] | undefined): boolean {
  const ours = (statement.rows ?? []).map(comparable);
  const bare = (replayed ?? []).map(comparable);
  if (ours.join('\n') === bare.join('\n')) return true;
  return !/\border\s+by\b/i.test(statement.text) && ours.sort().join('\n') === bare.sort().join('\n');
}

/** Ids in the second recording that differ from the first's at the same place: made afresh per request. */
function freshIds(first: Statement[], second: Statement[]): Set<string> {
  if (first.length !== second.length) throw new Error('two calls of the same write ran different statements');
  const fresh = new Set<string>();
  const walk = (a: unknown, b: unknown) => {
    if (Array.isArray(a) && Array.isArray(b)) {
      for (const [index, value] of a.entries()) walk(value, b[index]);
    } else if (typeof b === 'string' && UUID.test(b) && a !== b) fresh.add(b);
  };
  for (const [index, statement] of first.entries()) walk(statement.params, second[index]!.params);
  return fresh;
}

function substitute(value: unknown, ids: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, ids));
  if (typeof value === 'string') return ids.get(value) ?? value;
  return value;
}

/** How many statements, how many of them the API started while another ran, how many went unnamed (pg). */
function shape(statements: Statement[]): string {
  const overlapping = statements.filter((statement, index) =>
    statements.slice(0, index).some((earlier) => (earlier.ended ?? Infinity) > statement.started),
  ).length;
  const unnamed = statements.filter(
    (statement) => statement.named === false && statement.params.length > 0,
  ).length;
  return [
    `${statements.length} statements`,
    ...(overlapping ? [`${overlapping} at once with another`] : []),
    ...(unnamed ? [`${unnamed} unnamed`] : []),
  ].join(', ');
}

function describe(body: string, isCsv: boolean): string {
  const kilobytes = `${(Buffer.byteLength(body) / 1024).toFixed(0)} KB`;
  return isCsv ? `${body.split('\r\n').length - 2} CSV records, ${kilobytes}` : kilobytes;
}
