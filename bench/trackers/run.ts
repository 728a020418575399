// How fast dashboard charts and the log list answer for a user with 100,000 tracker logs on the
// embedded database, and how close each comes to the same SQL run bare.
// Run: npm run bench:trackers -w @cairn/bench. See bench/README.md.
import { cpus, loadavg } from 'node:os';
import {
  median,
  type RecordedStatement as Statement,
  startRecordedPgliteApp,
} from '../support/recorded-pglite-app';

const LOG_ROWS = 100_000;
const TRACKERS = 5;
/** The logs reach back this many days from now: one every 16 minutes, the trackers taking turns. */
const DAYS = 3 * 365;
/** The bar for chart data on the embedded database. */
const CHART_BAR_MS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const { app, database, rawQuery, userId, api, recordStatements, refreshPlannerStatistics } =
  await startRecordedPgliteApp({ timeZone: 'Europe/Berlin' });

// --- Five trackers, 100,000 logs over three years, and three charts ---------------------------------

const trackerNames = ['Weight', 'Steps', 'Sleep', 'Mood', 'Water'];
const trackerIds: string[] = [];
for (const name of trackerNames.slice(0, TRACKERS)) {
  trackerIds.push((await api('POST', '/api/v1/trackers', { name })).json().id as string);
}

// Round-robin over the trackers, evenly back from now over three years; values with 2 decimals.
await rawQuery(
  `insert into tracker_logs (user_id, id, tracker_id, value, note, log_date, created_at, updated_at)
   select $1, gen_random_uuid(), ($2::uuid[])[1 + n % $3::int],
          round((50 + (n * 37) % 1000 / 10.0 + (n % 7) * 0.01)::numeric, 2),
          case when n % 10 = 0 then 'Note ' || n end,
          now() - (n::float8 * $4::float8 / $5::float8) * interval '1 second', now(), now()
     from generate_series(0, $5::int - 1) n`,
  [userId, `{${trackerIds.join(',')}}`, TRACKERS, DAYS * 86_400, LOG_ROWS],
);
// As the server does at boot on the embedded database.
await refreshPlannerStatistics();

async function createChart(payload: object) {
  return (await api('POST', '/api/v1/tracker-dashboard', payload)).json().id as string;
}
const timeSeriesChart = await createChart({
  name: 'Three trackers per day',
  chartType: 'timeSeries',
  config: { trackerIds: trackerIds.slice(0, 3), timeRange: '1y', aggregation: 'sum', colorScheme: 'default' },
});
const barChart = await createChart({
  name: 'Average of everything',
  chartType: 'bar',
  config: { trackerIds, timeRange: 'all', aggregation: 'avg', colorScheme: 'ocean' },
});
const scatterChart = await createChart({
  name: 'Weight against steps',
  chartType: 'scatter',
  config: {
    trackerIds: trackerIds.slice(0, 2),
    timeRange: '90d',
    aggregation: 'none',
    colorScheme: 'forest',
  },
});

// --- Each request through the API, and the same statements run bare ---------------------------------

async function statementsOf(url: string) {
  const { result: response, statements } = await recordStatements(() => api('GET', url));
  return { statements, body: response.body };
}

async function runBare(statements: Statement[]) {
  const results = [];
  for (const statement of statements) {
    results.push(await rawQuery(statement.text, statement.params, statement.options));
  }
  return results;
}

type Bare = Awaited<ReturnType<typeof runBare>>;
type Row = Record<string, unknown>;

/** The rows of the first recorded statement matching the pattern, as objects. */
function rowsOf(bare: Bare, statements: Statement[], pattern: RegExp): Row[] {
  const index = statements.findIndex((statement) => pattern.test(statement.text));
  if (index < 0) throw new Error(`no recorded statement matches ${pattern}`);
  const { rows, fields } = bare[index]!;
  return rows.map((row) => {
    if (!Array.isArray(row)) return row as Row;
    const named: Row = {};
    fields.forEach((field, column) => {
      if (!(field.name in named)) named[field.name] = row[column];
    });
    return named;
  });
}

type Point = { value?: string; x?: string; y?: string; date?: string };

type Case = {
  name: string;
  url: string;
  isChart: boolean;
  /** A fast wrong answer is not a result: the bare run must read what the API answered. */
  check(body: string, bare: Bare, statements: Statement[]): void;
};

const cases: Case[] = [
  {
    name: 'time series, sum per day, 1y, 3 trackers',
    url: `/api/v1/tracker-dashboard/${timeSeriesChart}/data`,
    isChart: true,
    check(body, bare, statements) {
      const data = JSON.parse(body) as { points: Point[] };
      const rows = rowsOf(bare, statements, /group by day/);
      // Every day of the year has logs of each of the three trackers.
      if (data.points.length < 3 * 364 || rows.length !== data.points.length)
        throw new Error(`time series: ${data.points.length} points, ${rows.length} rows bare`);
      if (rows.at(-1)?.value !== data.points.at(-1)?.value)
        throw new Error('time series: the bare run ended on another sum');
    },
  },
  {
    name: 'bar, average, all time, 5 trackers',
    url: `/api/v1/tracker-dashboard/${barChart}/data`,
    isChart: true,
    check(body, bare, statements) {
      const data = JSON.parse(body) as { points: Point[] };
      const rows = rowsOf(bare, statements, /avg\(/);
      if (data.points.length !== TRACKERS || rows.length !== TRACKERS)
        throw new Error(`bar: ${data.points.length} points, ${rows.length} rows bare`);
      if (!rows.every((row, index) => row.value === data.points[index]?.value))
        throw new Error('bar: the bare run read other averages');
    },
  },
  {
    name: 'scatter, 90d, latest per day paired',
    url: `/api/v1/tracker-dashboard/${scatterChart}/data`,
    isChart: true,
    check(body, bare, statements) {
      const data = JSON.parse(body) as { points: Point[] };
      const rows = rowsOf(bare, statements, /join latest y/);
      if (data.points.length < 89 || rows.length !== data.points.length)
        throw new Error(`scatter: ${data.points.length} points, ${rows.length} rows bare`);
      if (rows[0]?.x !== data.points[0]?.x || rows.at(-1)?.y !== data.points.at(-1)?.y)
        throw new Error('scatter: the bare run paired other values');
    },
  },
  {
    name: 'log list, first page',
    url: '/api/v1/tracker-logs',
    isChart: false,
    check(body, bare, statements) {
      const page = JSON.parse(body) as { items: { id: string }[] };
      const rows = rowsOf(bare, statements, /"tracker_logs".*order by.*limit/is);
      const ids = rows.slice(0, page.items.length).map((row) => row.id);
      if (
        page.items.length === 0 ||
        JSON.stringify(ids) !== JSON.stringify(page.items.map((item) => item.id))
      )
        throw new Error('log list: the bare run read another page');
    },
  },
];

const startLoad = loadavg()[0]!;
const results: {
  name: string;
  isChart: boolean;
  statements: number;
  bytes: number;
  api: number;
  bare: number;
}[] = [];
for (const testCase of cases) {
  const { statements, body } = await statementsOf(testCase.url);
  testCase.check(body, await runBare(statements), statements);
  if (process.env.BENCH_PROFILE) {
    for (const statement of statements) {
      const began = performance.now();
      for (let index = 0; index < 3; index += 1) {
        await rawQuery(statement.text, statement.params, statement.options);
      }
      console.error(
        ((performance.now() - began) / 3).toFixed(1),
        statement.text.slice(0, 100).replace(/\s+/g, ' '),
      );
      if (process.env.BENCH_PROFILE === 'explain' && /^\s*(with|select)/.test(statement.text)) {
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
  for (let round = 0; round < ROUNDS; round += 1) {
    let began = performance.now();
    await api('GET', testCase.url);
    apiTimes.push(performance.now() - began);
    began = performance.now();
    await runBare(statements);
    bareTimes.push(performance.now() - began);
  }
  results.push({
    name: testCase.name,
    isChart: testCase.isChart,
    statements: statements.length,
    bytes: Buffer.byteLength(body),
    api: median(apiTimes),
    bare: median(bareTimes),
  });
}

console.log(
  `## Trackers, ${LOG_ROWS.toLocaleString('en-US')} logs of ${TRACKERS} trackers over three years, PGlite, API against the same SQL run bare\n`,
);
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}, load average ${startLoad.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; ${ROUNDS} rounds\n`,
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
const slowest = results.filter((row) => row.isChart).sort((a, b) => b.api - a.api)[0]!;
console.log(
  `\nChart data: slowest API median ${slowest.api.toFixed(1)} ms (${slowest.name}) against the ${CHART_BAR_MS} ms bar: ${slowest.api < CHART_BAR_MS ? 'PASS' : 'FAIL'}.`,
);
await app.close();
await database.close();
