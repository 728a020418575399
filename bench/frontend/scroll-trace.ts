// BENCH_WEB_TRACE=<folder>: a Chromium trace of each list screen's scroll, saved for DevTools'
// Performance panel, with what the page's frames were made of printed. Where the CPU profile
// (BENCH_WEB_PROFILE) sees only script, the trace also shows style, layout and paint, and how many
// elements each frame restyled and laid out: counts that do not move with the machine's speed, so a
// change that makes rows lighter shows in them at once.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number };
  };
};

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'];
/** The scheduler's task: a long task is one of these on the page's main thread. */
const TASK = 'ThreadControllerImpl::RunTask';
const LONG_TASK_MS = 50;
const TOP_KINDS = 8;
const LISTED_TASKS = 5;
const KINDS_PER_TASK = 5;

/** Starts tracing the browser; the answer stops it and saves the trace as `<name>.trace.json`. */
export async function startScrollTrace(
  browser: Browser,
  page: Page,
  folder: string,
  name: string,
): Promise<() => Promise<string[]>> {
  await browser.startTracing(page, { categories: CATEGORIES });
  return async () => {
    const buffer = await browser.stopTracing();
    const file = path.join(folder, `${name.replace(/\W+/g, '-')}.trace.json`);
    await writeFile(file, buffer);
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    return [`trace: ${file}`, ...summariseTrace(traceEvents)];
  };
}

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;

/** The renderer's main thread that ran the most: the page's own (other renderers idle meanwhile). */
function pageMainThread(events: TraceEvent[]): string | undefined {
  const renderers = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map(threadOf),
  );
  const busy = new Map<string, number>();
  for (const event of events) {
    if (event.name !== TASK || !renderers.has(threadOf(event))) continue;
    busy.set(threadOf(event), (busy.get(threadOf(event)) ?? 0) + (event.dur ?? 0));
  }
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Each complete event's own time, less what nested events took (microseconds). */
function selfTimes(spans: TraceEvent[]): Map<TraceEvent, number> {
  const self = new Map(spans.map((span) => [span, span.dur ?? 0]));
  const open: TraceEvent[] = [];
  for (const span of spans) {
    while (open.length > 0) {
      const last = open.at(-1) as TraceEvent;
      if (last.ts + (last.dur ?? 0) > span.ts) break;
      open.pop();
    }
    const parent = open.at(-1);
    if (parent) self.set(parent, (self.get(parent) ?? 0) - (span.dur ?? 0));
    open.push(span);
  }
  return self;
}

function sumByName(entries: Iterable<[TraceEvent, number]>): [string, number][] {
  const byName = new Map<string, number>();
  for (const [event, micros] of entries) byName.set(event.name, (byName.get(event.name) ?? 0) + micros);
  return [...byName].sort((a, b) => b[1] - a[1]);
}

/**
 * Own time per kind of work on the page's main thread, largest first (FunctionCall is script,
 * UpdateLayoutTree style, Layout, Paint…); how many elements were restyled and laid out, in all and
 * at most at once; then the longest tasks and what each was made of.
 */
export function summariseTrace(events: TraceEvent[]): string[] {
  const main = pageMainThread(events);
  if (!main) return ['the trace has no renderer main thread'];
  const spans = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined && threadOf(event) === main)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = selfTimes(spans);
  const ms = (micros: number) => (micros / 1000).toFixed(1);

  const restyled = spans
    .filter((span) => span.name === 'UpdateLayoutTree')
    .map((span) => span.args?.elementCount ?? 0);
  const laidOut = spans
    .filter((span) => span.name === 'Layout')
    .map((span) => span.args?.beginData?.dirtyObjects ?? 0);
  const count = (values: number[]) => values.reduce((sum, value) => sum + value, 0).toLocaleString('en-US');
  const frameLine =
    `restyled ${count(restyled)} elements and laid out ${count(laidOut)} objects in all; ` +
    `at most ${Math.max(0, ...restyled)} and ${Math.max(0, ...laidOut)} in one go`;

  const tasks = spans.filter((span) => span.name === TASK);
  const longTasks = tasks.filter((task) => (task.dur ?? 0) >= LONG_TASK_MS * 1000);
  const within = (task: TraceEvent) =>
    spans.filter(
      (span) => span !== task && span.ts >= task.ts && span.ts + (span.dur ?? 0) <= task.ts + (task.dur ?? 0),
    );
  return [
    `main thread ${ms(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0))} ms in tasks; own time by kind:`,
    ...sumByName(self)
      .slice(0, TOP_KINDS)
      .map(([name, micros]) => `  ${ms(micros).padStart(8)} ms  ${name}`),
    frameLine,
    `${longTasks.length} tasks of ${LONG_TASK_MS} ms or more; the longest:`,
    ...longTasks
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, LISTED_TASKS)
      .map(
        (task) =>
          `  ${ms(task.dur ?? 0).padStart(8)} ms: ${sumByName(
            within(task).map((span) => [span, self.get(span) ?? 0]),
          )
            .slice(0, KINDS_PER_TASK)
            .map(([name, micros]) => `${name} ${ms(micros)}`)
            .join('; ')}`,
      ),
  ];
}
