// The front-end suite on its own: npm run bench:frontend -w @cairn/bench [-- --scale 0.01]
// BENCH_WEB_DIST=<build dir> reuses a production build; without it the web app is built first.
import { loadavg } from 'node:os';
import { formatTable, machineLine } from '../support/report';
import { runFrontendSuite } from './suite';

const scaleAt = process.argv.indexOf('--scale');
const scale = scaleAt >= 0 ? Number(process.argv[scaleAt + 1]) : 1;
if (!(scale > 0)) throw new Error('--scale expects a positive number, e.g. --scale 0.01');

const loadAtStart = loadavg()[0] ?? 0;
const startedAt = Date.now();
const rows = await runFrontendSuite({
  scale,
  onProgress: (line) => process.stderr.write(`${((Date.now() - startedAt) / 1000).toFixed(0)} s ${line}\n`),
});
console.log(`## Front end in Chromium, heavy user at scale ${scale}, embedded database\n`);
console.log(`${machineLine()} (load average at start ${loadAtStart.toFixed(1)})\n`);
console.log(
  'Production build served by the real server; each load is a fresh browser profile (empty cache, service worker blocked), 1280×800. Lower is better in every row.\n',
);
console.log(formatTable(rows));
const failed = rows.filter((row) => row.pass === false);
console.log(
  `\n${failed.length === 0 ? 'Every target met.' : `Missed: ${failed.map((row) => row.metric).join('; ')}.`}`,
);
