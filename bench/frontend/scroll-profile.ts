// BENCH_WEB_PROFILE=<folder>: a CPU profile of each list screen's scroll, saved for DevTools, with the
// functions that took the most time printed. It tells what a long task while scrolling was spent on.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const TOP_FUNCTIONS = 15;

/** Starts profiling the page; the answer stops it and saves the profile as `<name>.cpuprofile`. */
export async function startScrollProfile(
  page: Page,
  folder: string,
  name: string,
): Promise<() => Promise<string[]>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    await cdp.detach();
    const file = path.join(folder, `${name.replace(/\W+/g, '-')}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    return [`profile: ${file}`, ...summarise(profile)];
  };
}

/** Busy stretches at least this long are listed one by one: a long task is one of them, or part of one. */
const LONG_STRETCH_MS = 50;
const LISTED_STRETCHES = 5;
const FUNCTIONS_PER_STRETCH = 4;

type Stretch = { micros: number; selfMicros: Map<string, number> };

const isIdle = (name: string) => name === '(idle)' || name === '(program)';

const largestFirst = (micros: Map<string, number>, count: number) =>
  [...micros].sort((a, b) => b[1] - a[1]).slice(0, count);

/**
 * Self time per function (idle and the program's own bookkeeping left out), largest first; then the
 * longest stretches without an idle sample and what each was spent on. A native call counts as its
 * caller's self time: a layout forced by reading a size shows as the function that read it.
 */
function summarise(profile: CpuProfile): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<string, number>();
  const stretches: Stretch[] = [];
  let stretch: Stretch | undefined;
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    if (!frame || isIdle(frame.functionName)) {
      if (stretch) stretches.push(stretch);
      stretch = undefined;
      return;
    }
    const file = frame.url.split('/').at(-1) ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    selfMicros.set(key, (selfMicros.get(key) ?? 0) + micros);
    total += micros;
    stretch ??= { micros: 0, selfMicros: new Map() };
    stretch.micros += micros;
    stretch.selfMicros.set(key, (stretch.selfMicros.get(key) ?? 0) + micros);
  });
  if (stretch) stretches.push(stretch);

  const ms = (micros: number) => (micros / 1000).toFixed(1);
  const long = stretches.filter((each) => each.micros >= LONG_STRETCH_MS * 1000);
  return [
    `busy ${(total / 1000).toFixed(0)} ms; most self time:`,
    ...largestFirst(selfMicros, TOP_FUNCTIONS).map(
      ([key, micros]) => `  ${ms(micros).padStart(7)} ms  ${key}`,
    ),
    `${long.length} busy stretches of ${LONG_STRETCH_MS} ms or more; the longest:`,
    ...long
      .sort((a, b) => b.micros - a.micros)
      .slice(0, LISTED_STRETCHES)
      .map(
        (each) =>
          `  ${ms(each.micros).padStart(7)} ms: ${largestFirst(each.selfMicros, FUNCTIONS_PER_STRETCH)
            .map(([key, micros]) => `${key} ${ms(micros)}`)
            .join('; ')}`,
      ),
  ];
}
