// The one table `npm run bench` prints, and the JSON it keeps in bench/results/latest.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import type { BenchRow } from './bench-row';

const decimals = (value: number) => {
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return 0;
  if (magnitude >= 10) return 1;
  return 2;
};

export const formatNumber = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: decimals(value), minimumFractionDigits: 0 });

const verdict = (row: BenchRow) => (row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL');

/** "limit or target": the bare route's figure when there is one, else the bar the value is held to. */
const bar = (row: BenchRow) => {
  const parts: string[] = [];
  if (row.limit !== undefined) parts.push(`${formatNumber(row.limit)} ${row.unit}`);
  if (row.target !== undefined) {
    parts.push(
      row.ratio !== undefined
        ? `target ${formatNumber(row.target)}×`
        : `target ${formatNumber(row.target)} ${row.unit}`,
    );
  }
  return parts.join(', ');
};

export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['group', 'metric', 'value', 'limit or target', 'ratio', 'pass/fail', 'note'];
  const lines = rows.map((row) => [
    row.group,
    row.metric,
    `${formatNumber(row.value)} ${row.unit}`,
    bar(row),
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    verdict(row),
    row.note ?? '',
  ]);
  const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');
  return [
    `| ${header.join(' | ')} |`,
    '| --- | --- | ---: | ---: | ---: | :---: | --- |',
    ...lines.map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`),
  ].join('\n');
}

export const machineLine = () =>
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}`;

export async function writeResults(
  file: URL,
  result: {
    startedAt: Date;
    options: Record<string, unknown>;
    rows: readonly BenchRow[];
    loadAtStart: number[];
  },
) {
  await mkdir(new URL('.', file), { recursive: true });
  const failed = result.rows.filter((row) => row.pass === false).length;
  const document = {
    startedAt: result.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    node: process.version,
    cpu: { model: cpus()[0]?.model, cores: cpus().length },
    loadAverage: { atStart: result.loadAtStart, atEnd: loadavg() },
    options: result.options,
    passed: result.rows.filter((row) => row.pass === true).length,
    failed,
    rows: result.rows,
  };
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
  return failed;
}
