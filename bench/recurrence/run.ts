// Throughput of @cairn/recurrence against rrule.js on the same rules, measured in one process.
// Run: npm run bench:recurrence -w @cairn/bench (see bench/README.md for the output format).
import { cpus } from 'node:os';
import { Recurrence, type RecurrenceOptions } from '@cairn/recurrence';
import rrule, { type Options as RRuleOptions } from 'rrule';
import { Bench } from 'tinybench';

const { RRule, Weekday } = rrule;

const start = new Date('2000-01-03T00:00:00Z');
const yearLater = new Date('2000-12-31T00:00:00Z');

interface RuleCase {
  name: string;
  ours: RecurrenceOptions;
  /** The same rule for rrule.js, in UTC. */
  theirs: Partial<RRuleOptions>;
}

const ruleCases: RuleCase[] = [
  {
    name: 'daily',
    ours: { startDate: start },
    theirs: { freq: RRule.DAILY },
  },
  {
    name: 'weekly Mon/Wed/Fri every 2 weeks',
    ours: { rule: 'weekly', startDate: start, interval: 2, weekDays: [1, 3, 5] },
    theirs: { freq: RRule.WEEKLY, interval: 2, byweekday: [RRule.MO, RRule.WE, RRule.FR] },
  },
  {
    name: 'monthly on the 31st or last day',
    ours: { rule: 'monthly', startDate: start, monthDay: 31 },
    theirs: { freq: RRule.MONTHLY, bymonthday: [28, 29, 30, 31], bysetpos: -1 },
  },
  {
    name: 'monthly on the last Friday',
    ours: { rule: 'monthly', startDate: start, nthWeekdayOfMonth: { weekday: 5, nth: 'last' } },
    theirs: { freq: RRule.MONTHLY, byweekday: new Weekday(4, -1) },
  },
  {
    name: 'yearly',
    ours: { rule: 'yearly', startDate: start },
    theirs: { freq: RRule.YEARLY },
  },
];

interface Row {
  name: string;
  ours: () => unknown;
  theirs: () => unknown;
}

const rows: Row[] = [];
// Results feed this so the engines cannot optimise the calls away.
let sink = 0;
const keep = (value: Date | Date[] | null) => {
  sink += value instanceof Date ? value.getTime() : (value?.length ?? 0);
};

function assertSameDays(name: string, ours: Date | Date[], theirs: Date | Date[] | null): void {
  const toDays = (value: Date | Date[] | null) =>
    [value ?? []]
      .flat()
      .map((date) => date.toISOString().slice(0, 10))
      .join(',');
  if (toDays(ours) !== toDays(theirs)) {
    throw new Error(`${name}: engines disagree\n  ours:   ${toDays(ours)}\n  rrule:  ${toDays(theirs)}`);
  }
}

for (const ruleCase of ruleCases) {
  const recurrence = new Recurrence(ruleCase.ours);
  // noCache: rrule.js otherwise memoises each query and the loop would time a cache lookup.
  const oracle = new RRule({ ...ruleCase.theirs, dtstart: start }, true);
  const after = recurrence.between(start, yearLater)[5] ?? start;
  assertSameDays(ruleCase.name, recurrence.next(after), oracle.after(after, false));
  assertSameDays(ruleCase.name, recurrence.between(start, yearLater), oracle.between(start, yearLater, true));
  rows.push({
    name: `next() · ${ruleCase.name}`,
    ours: () => keep(recurrence.next(after)),
    theirs: () => keep(oracle.after(after, false)),
  });
  rows.push({
    name: `between() one year · ${ruleCase.name}`,
    ours: () => keep(recurrence.between(start, yearLater)),
    theirs: () => keep(oracle.between(start, yearLater, true)),
  });
}

// next() far from the start: ours jumps to the period, rrule.js walks from DTSTART.
for (const ruleCase of [ruleCases[1], ruleCases[3]]) {
  if (!ruleCase) continue;
  const recurrence = new Recurrence(ruleCase.ours);
  const oracle = new RRule({ ...ruleCase.theirs, dtstart: start }, true);
  for (const distance of [1, 100, 10_000]) {
    const after = new RRule({ ...ruleCase.theirs, dtstart: start, count: distance }).all().at(-1) ?? start;
    assertSameDays(`${ruleCase.name} at ${distance}`, recurrence.next(after), oracle.after(after, false));
    rows.push({
      name: `next() after ${distance.toLocaleString('en-US')} · ${ruleCase.name}`,
      ours: () => keep(recurrence.next(after)),
      theirs: () => keep(oracle.after(after, false)),
    });
  }
}

const bench = new Bench({ time: 500, warmupTime: 100 });
for (const row of rows) {
  bench.add(`ours|${row.name}`, row.ours);
  bench.add(`rrule|${row.name}`, row.theirs);
}
await bench.warmup();
await bench.run();

if (!Number.isFinite(sink)) throw new Error('a benchmarked call returned an invalid date');

const getResult = (name: string) => {
  const result = bench.getTask(name)?.result;
  if (!result) throw new Error(`${name}: no result`);
  return result;
};
const formatRate = (hz: number) =>
  hz >= 100
    ? Math.round(hz).toLocaleString('en-US')
    : hz.toLocaleString('en-US', { maximumSignificantDigits: 3 });
const formatRatio = (ratio: number) =>
  `${ratio.toLocaleString('en-US', { maximumFractionDigits: ratio >= 100 ? 0 : ratio >= 10 ? 1 : 2 })}×`;

const lines = ['| case | @cairn/recurrence ops/s | rrule.js ops/s | ratio |', '| --- | ---: | ---: | ---: |'];
let slowest = Number.POSITIVE_INFINITY;
for (const row of rows) {
  const ours = getResult(`ours|${row.name}`);
  const theirs = getResult(`rrule|${row.name}`);
  const ratio = ours.hz / theirs.hz;
  slowest = Math.min(slowest, ratio);
  lines.push(
    `| ${row.name} | ${formatRate(ours.hz)} ±${ours.rme.toFixed(1)}% | ${formatRate(theirs.hz)} ±${theirs.rme.toFixed(1)}% | ${formatRatio(ratio)} |`,
  );
}

console.log('# recurrence: @cairn/recurrence vs rrule.js 2.8 (UTC rules, rrule.js without its cache)');
console.log(`node ${process.version} · ${cpus()[0]?.model ?? 'unknown cpu'} · ${new Date().toISOString()}`);
console.log('ratio = @cairn/recurrence ops/s ÷ rrule.js ops/s; above 1× is faster.');
console.log('');
console.log(lines.join('\n'));
console.log('');
console.log(
  `lowest ratio: ${formatRatio(slowest)}${slowest > 1 ? ' (faster on every row)' : ' (SLOWER on some row)'}`,
);
