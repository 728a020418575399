// The API under load against its limit, on a freshly seeded instance. See bench/README.md ("api").
// Run: npm run bench:api -w @cairn/bench -- --database pglite|postgres --scale S --seconds T [--users N]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); the suite makes
// and drops its own database there.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runApiSuite } from './suite';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '6' },
    users: { type: 'string', default: '1' },
  },
});
if (values.database !== 'pglite' && values.database !== 'postgres') {
  throw new Error('--database is pglite or postgres');
}
const postgresUrl =
  values.database === 'postgres'
    ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    : undefined;

const startLoad = loadavg()[0]!;
const rows = await runApiSuite({
  postgresUrl,
  users: Number(values.users),
  scale: Number(values.scale),
  seconds: Number(values.seconds),
  onProgress: (line) => console.error(line),
});

const cell = (value: number | undefined) => (value === undefined ? '' : value.toLocaleString('en-US'));
console.log(
  `## API under load, ${postgresUrl ? 'PostgreSQL' : 'embedded database (PGlite)'}, autocannon 10 connections\n`,
);
console.log(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}, load average ${startLoad.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}; users ${values.users}, scale ${values.scale}, ${values.seconds} s per case and side\n`,
);
console.log(
  'Ratio: our requests per second ÷ the limit’s, where the limit is a bare Fastify route in the same process running the statements the API ran, through the same driver, answering the same body. The two take turns in short rounds.\n',
);
console.log('| case | value | limit | ratio | target | pass | note |');
console.log('| --- | ---: | ---: | ---: | ---: | :---: | --- |');
for (const row of rows) {
  console.log(
    `| ${row.metric} | ${cell(row.value)} ${row.unit} | ${cell(row.limit)} | ${row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`} | ${cell(row.target)} | ${row.pass === undefined ? '' : row.pass ? 'PASS' : '**FAIL**'} | ${row.note ?? ''} |`,
  );
}
const failing = rows.filter((row) => row.pass === false);
console.log(
  `\n${failing.length === 0 ? 'Every row meets its target.' : `${failing.length} row(s) miss their target: ${failing.map((row) => row.metric).join(', ')}.`}`,
);
