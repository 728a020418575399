// What the page's main thread spent during a stretch (a scroll to the end), from Chromium's own
// counters. Summed over thousands of tasks, it moves less between runs than the longest single task,
// which the browser reports only past 50 ms, so it is the figure to compare when a change is meant to
// make each row cheaper.
import type { Page } from 'playwright-core';

export type MainThreadTime = {
  /** Every task on the main thread, in ms. */
  busy: number;
  script: number;
  layout: number;
  style: number;
};

/** Chromium's cumulative counters (seconds) behind each part. */
const COUNTERS = {
  busy: 'TaskDuration',
  script: 'ScriptDuration',
  layout: 'LayoutDuration',
  style: 'RecalcStyleDuration',
} as const;

/** Starts counting; the answer stops and gives the main thread's time since, in ms. */
export async function startMainThreadClock(page: Page): Promise<() => Promise<MainThreadTime>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const byName = new Map(metrics.map((metric) => [metric.name, metric.value]));
    const seconds = (name: string) => byName.get(name) ?? 0;
    return {
      busy: seconds(COUNTERS.busy),
      script: seconds(COUNTERS.script),
      layout: seconds(COUNTERS.layout),
      style: seconds(COUNTERS.style),
    };
  };
  const start = await read();
  return async () => {
    const end = await read();
    await cdp.detach();
    return {
      busy: (end.busy - start.busy) * 1000,
      script: (end.script - start.script) * 1000,
      layout: (end.layout - start.layout) * 1000,
      style: (end.style - start.style) * 1000,
    };
  };
}

/** "main thread busy 13.8 s, 1.15 ms a row (script 6.1 s, layout 2.0 s, style 1.1 s)". */
export function describeMainThreadTime(time: MainThreadTime, rows: number): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const perRow = rows > 0 ? `, ${(time.busy / rows).toFixed(2)} ms a row` : '';
  return `main thread busy ${seconds(time.busy)}${perRow} (script ${seconds(time.script)}, layout ${seconds(time.layout)}, style ${seconds(time.style)})`;
}
