import type { RandomTask } from '@cairn/contracts/task-planning';

/** What the draw chose among: "Drawn from 12 open tasks", and the ones left out as skipped. */
export function describeDraw({ candidates, skipped }: Pick<RandomTask, 'candidates' | 'skipped'>): string {
  const among = `Drawn from ${candidates} open ${candidates === 1 ? 'task' : 'tasks'}`;
  return skipped > 0 ? `${among}, leaving out ${skipped} skipped in the last hour` : among;
}
