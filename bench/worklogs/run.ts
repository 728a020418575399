// How fast the work-log API answers for a user with 120,000 entries on the embedded database, and how
// close it comes to the same SQL run bare. Run: npm run bench:worklogs -w @cairn/bench. See bench/README.md.
import { cpus, loadavg } from 'node:os';
import {
  median,
  type RecordedStatement as Statement,
  startRecordedPgliteApp,
} from '../support/recorded-pglite-app';

const EXPORT_ROWS = 100_000;
const OTHER_ROWS = 20_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
/** An export reads 100 batches and writes some 20 MB: a few rounds show its trend. */
const EXPORT_ROUNDS = Number(process.env.BENCH_EXPORT_ROUNDS ?? 3);
const { app, database, rawQuery, userId, api, recordStatements, refreshPlannerStatistics } =
  await startRecordedPgliteApp({ timeZone: 'Europe/Warsaw' });

// --- 120,000 entries over three years: one big client project, three smaller ones -------------------

const projectIds: string[] = [];
for (const [name, client] of [
  ['Client work', 'Acme'],
  ['Website', 'Acme'],
  ['Internal', null],
  ['Open source', null],
] as const) {
  projectIds.push((await api('POST', '/api/v1/worklogs/projects', { name, client })).json().id);
}
const categoryIds: string[] = [];
for (const [name, breaksMultiplier] of [
  ['Development', '1.15'],
  ['Meetings', '1'],
  ['Review', '1.1'],
  ['Support', '1.25'],
] as const) {
  categoryIds.push((await api('POST', '/api/v1/worklogs/categories', { name, breaksMultiplier })).json().id);
}

// The big project: about 90 entries a day from 2023-01-01, a tenth without times, every fifth without a category.
await rawQuery(
  `insert into worklogs (user_id, id, project_id, category_id, task_name, task_url, description, work_date,
                         start_minute, end_minute, duration, breaks_multiplier, created_at, updated_at)
   select $1, gen_random_uuid(), $2::uuid,
          case when n % 5 = 0 then null else ($3::uuid[])[1 + n % 4] end,
          'Task ' || (n % 700), 'https://tracker.example.com/TASK-' || (n % 700),
          'Worked on item ' || n || ', with notes: ' || repeat('details ', 1 + n % 6),
          date '2023-01-01' + n / 90,
          case when n % 10 = 0 then null else (n % 90) * 10 + 420 end,
          case when n % 10 = 0 then null else (n % 90) * 10 + 427 end,
          7, case n % 4 when 0 then 1.15 when 1 then 1 when 2 then 1.1 else 1.25 end, now(), now()
     from generate_series(0, $4::int - 1) n`,
  [userId, projectIds[0], `{${categoryIds.join(',')}}`, EXPORT_ROWS],
);
// The three smaller projects: 18 half-hour entries a day over the same years.
await rawQuery(
  `insert into worklogs (user_id, id, project_id, category_id, description, work_date, start_minute,
                         end_minute, duration, breaks_multiplier, created_at, updated_at)
   select $1, gen_random_uuid(), ($2::uuid[])[1 + n % 3], ($3::uuid[])[1 + n % 4],
          'Side work ' || n, date '2023-01-01' + n / 18, 1000 + n % 18 * 20, 1000 + n % 18 * 20 + 30,
          30, 1, now(), now()
     from generate_series(0, $4::int - 1) n`,
  [userId, `{${projectIds.slice(1).join(',')}}`, `{${categoryIds.join(',')}}`, OTHER_ROWS],
);
// As the server does at boot on the embedded database.
await refreshPlannerStatistics();

// --- Each request through the API, and the same statements run bare ---------------------------------

async function statementsOf(url: string) {
  const { result: response, statements } = await recordStatements(() => api('GET', url));
  return { statements, body: response.body };
}

async function runBare(statements: Statement[]) {
  const results = [];
  for (const statement of statements) results.push(await rawQuery(statement.text, statement.params));
  return results;
}

type Case = {
  name: string;
  url: string;
  rounds: number;
  /** A fast wrong answer is not a result: the bare run must read what the API answered. */
  check(body: string, bare: Awaited<ReturnType<typeof runBare>>, statements: Statement[]): void;
};

const cases: Case[] = [
  {
    name: 'list, first page (100 entries, totals over all 120,000)',
    url: '/api/v1/worklogs',
    rounds: ROUNDS,
    check(body, bare, statements) {
      const page = JSON.parse(body) as { items: { id: string }[]; totals: { count: number } };
      const index = statements.findIndex(
        (statement) => /order by/.test(statement.text) && /limit/.test(statement.text),
      );
      const ids = (bare[index]!.rows as { id: string }[]).slice(0, page.items.length).map((row) => row.id);
      if (JSON.stringify(ids) !== JSON.stringify(page.items.map((item) => item.id)))
        throw new Error('list: the bare run read another page');
      if (page.totals.count !== EXPORT_ROWS + OTHER_ROWS)
        throw new Error(`list: totals count ${page.totals.count}`);
    },
  },
  {
    name: 'reports, a year (per day, week, month, project, category, client)',
    url: '/api/v1/worklogs/reports?from=2024-01-01&to=2024-12-31',
    rounds: ROUNDS,
    check(body, bare, statements) {
      const report = JSON.parse(body) as { total: { count: number }; byDay: unknown[] };
      const index = statements.findIndex((statement) => /grouping sets/.test(statement.text));
      const total = (bare[index]!.rows as { dimension: string; count: number }[]).find(
        (row) => row.dimension === 'total',
      );
      if (Number(total?.count) !== report.total.count)
        throw new Error('reports: the bare run counted otherwise');
      if (report.byDay.length !== 366) throw new Error(`reports: ${report.byDay.length} days`);
    },
  },
  {
    name: `export, ${EXPORT_ROWS.toLocaleString('en-US')} rows as CSV`,
    url: `/api/v1/worklogs/export?projectId=${projectIds[0]}&from=2023-01-01&to=2026-12-31`,
    rounds: EXPORT_ROUNDS,
    check(body, bare, statements) {
      const records = body.split('\r\n').length - 2;
      // Each batch answers one row: its records as text and how many.
      const read = statements.reduce(
        (sum, statement, index) =>
          /string_agg/.test(statement.text)
            ? sum + Number((bare[index]!.rows[0] as { count?: number } | undefined)?.count ?? 0)
            : sum,
        0,
      );
      if (records !== EXPORT_ROWS || read !== EXPORT_ROWS)
        throw new Error(`export: ${records} records written, ${read} rows read bare`);
    },
  },
];

const startLoad = loadavg()[0]!;
const results: { name: string; statements: number; bytes: number; api: number; bare: number }[] = [];
for (const testCase of cases) {
  const { statements, body } = await statementsOf(testCase.url);
  testCase.check(body, await runBare(statements), statements);
  if (process.env.BENCH_PROFILE) {
    for (const statement of statements.slice(0, 6)) {
      const began = performance.now();
      for (let index = 0; index < 3; index += 1) await rawQuery(statement.text, statement.params);
      console.error(
        ((performance.now() - began) / 3).toFixed(1),
        statement.text.slice(0, 100).replace(/\s+/g, ' '),
      );
      if (process.env.BENCH_PROFILE === 'explain' && /limit|grouping/.test(statement.text)) {
        const explained = await rawQuery<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.params,
        );
        console.error(explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    }
  }
  // Warm both, then take turns call for call, so a neighbour's burst slows both alike.
  await api('GET', testCase.url);
  await runBare(statements);
  const apiTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let round = 0; round < testCase.rounds; round += 1) {
    let began = performance.now();
    await api('GET', testCase.url);
    apiTimes.push(performance.now() - began);
    began = performance.now();
    await runBare(statements);
    bareTimes.push(performance.now() - began);
  }
  results.push({
    name: testCase.name,
    statements: statements.length,
    bytes: Buffer.byteLength(body),
    api: median(apiTimes),
    bare: median(bareTimes),
  });
}

// The list's first page must come from the user's date index, not from a sort of every entry.
const { statements: listingStatements } = await recordStatements(() => api('GET', '/api/v1/worklogs'));
const listing = listingStatements.find(
  (statement) => /order by/.test(statement.text) && /limit/.test(statement.text),
);
const plan = listing
  ? JSON.stringify((await rawQuery(`explain (format json) ${listing.text}`, listing.params)).rows)
  : '';
const planNote = /worklogs_user_date_idx/.test(plan)
  ? /"Node Type":"Sort"/.test(plan.replace(/\s/g, ''))
    ? 'date index, then a full sort'
    : 'date index, sorted within each day only'
  : 'NO INDEX';

console.log(
  `## Work logs, ${(EXPORT_ROWS + OTHER_ROWS).toLocaleString('en-US')} entries, PGlite, API against the same SQL run bare\n`,
);
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}, load average ${startLoad.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; ${ROUNDS} rounds (export ${EXPORT_ROUNDS})\n`,
);
console.log(
  'The ratio is the bare SQL median ÷ the API median: 1× means the API adds nothing to its statements.\n',
);
console.log('| case | statements | response bytes | API median ms | bare SQL median ms | ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of results) {
  console.log(
    `| ${row.name} | ${row.statements} | ${row.bytes.toLocaleString('en-US')} | ${row.api.toFixed(1)} | ${row.bare.toFixed(1)} | ${(row.bare / row.api).toFixed(2)}× |`,
  );
}
console.log(`\nFirst page of the list: ${planNote}.`);
const lowest = results.reduce((low, row) => (row.bare / row.api < low.bare / low.api ? row : low));
console.log(`\nLowest ratio: ${lowest.name}, ${(lowest.bare / lowest.api).toFixed(2)}×.`);
await app.close();
await database.close();
if (planNote === 'NO INDEX') process.exitCode = 1;
