import type { SwissCandidate } from '@cairn/contracts/task-planning';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What makes a big task big, as the picker lists it: "7 open subtasks", "3 checklist items", and its
 * estimate formatted by the caller ("2 h"); parts with nothing to say are left out.
 */
export function describeCandidate(
  candidate: Pick<SwissCandidate, 'openSubtasks' | 'openChecklistItems' | 'estimatedTime'>,
  formatMinutes: (minutes: number) => string,
): string {
  return [
    candidate.openSubtasks > 0 && plural(candidate.openSubtasks, 'open subtask', 'open subtasks'),
    candidate.openChecklistItems > 0 &&
      plural(candidate.openChecklistItems, 'checklist item', 'checklist items'),
    candidate.estimatedTime !== null && candidate.estimatedTime > 0 && formatMinutes(candidate.estimatedTime),
  ]
    .filter(Boolean)
    .join(' · ');
}
