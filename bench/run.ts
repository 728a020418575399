// `npm run bench`: the API suite on PostgreSQL and on the embedded database, then the front-end suite,
// as one table and bench/results/latest.json. See bench/README.md.
//
//   npm run bench                                  everything at full scale (about half an hour)
//   npm run bench -- --scale 0.1 --seconds 2       a quick run on a tenth of the data
//   npm run bench -- --only api --database postgres
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runApiSuite } from './api/suite';
import { runFrontendSuite } from './frontend/suite';
import type { BenchRow } from './support/bench-row';
import { formatTable, machineLine, writeResults } from './support/report';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    users: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '5' },
    only: { type: 'string' },
    database: { type: 'string', default: 'both' },
  },
});
const scale = Number(values.scale);
const users = Number(values.users);
const seconds = Number(values.seconds);
if (!(scale > 0) || !(users >= 1) || !(seconds > 0)) {
  throw new Error('--scale and --seconds take positive numbers, --users a whole number of at least 1');
}
if (values.only && !['api', 'web'].includes(values.only)) throw new Error('--only takes api or web');
if (!['both', 'postgres', 'pglite'].includes(values.database)) {
  throw new Error('--database takes both, postgres or pglite');
}
const postgresUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const startedAt = new Date();
const loadAtStart = loadavg();
const progress = (line: string) =>
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
const rows: BenchRow[] = [];

if (values.only !== 'web') {
  if (values.database !== 'pglite') {
    progress('API suite on PostgreSQL');
    rows.push(...(await runApiSuite({ postgresUrl, users, scale, seconds, onProgress: progress })));
  }
  if (values.database !== 'postgres') {
    progress('API suite on the embedded database');
    rows.push(...(await runApiSuite({ users, scale, seconds, onProgress: progress })));
  }
}
if (values.only !== 'api') {
  progress('Front-end suite');
  rows.push(...(await runFrontendSuite({ scale, onProgress: progress })));
}

const failed = await writeResults(new URL('./results/latest.json', import.meta.url), {
  startedAt,
  options: { scale, users, seconds, only: values.only ?? 'all', database: values.database },
  rows,
  loadAtStart,
});
console.log(`# Cairn benchmarks (scale ${scale}, ${users} heavy user${users === 1 ? '' : 's'})\n`);
console.log(`${machineLine()}\n`);
console.log('A ratio is ours ÷ the limit (a bare route running the same SQL); above the target passes.\n');
console.log(formatTable(rows));
console.log(`\n${rows.length - failed} of ${rows.length} rows pass or inform; ${failed} fail.`);
process.exitCode = failed > 0 ? 1 : 0;
