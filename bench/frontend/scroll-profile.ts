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

/** Self time per function (idle and the program's own bookkeeping left out), largest first. */
function summarise(profile: CpuProfile): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    const micros = profile.timeDeltas[index + 1] ?? 0;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    const file = frame.url.split('/').at(-1) ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    selfMicros.set(key, (selfMicros.get(key) ?? 0) + micros);
    total += micros;
  });
  const top = [...selfMicros].sort((a, b) => b[1] - a[1]).slice(0, TOP_FUNCTIONS);
  return [
    `busy ${(total / 1000).toFixed(0)} ms; most self time:`,
    ...top.map(([key, micros]) => `  ${(micros / 1000).toFixed(1).padStart(7)} ms  ${key}`),
  ];
}
