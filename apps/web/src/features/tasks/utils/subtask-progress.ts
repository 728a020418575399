import type { TaskDetail } from '@cairn/contracts/tasks';

type Subtask = Pick<TaskDetail['children'][number], 'completedAt' | 'archivedAt'>;

/**
 * How many of a task's direct subtasks are done and how many are still open. Archived subtasks are put
 * away, so they count as neither; trashed ones never reach the screen. The subtasks section and the
 * question before completing a parent both count with this, so they always agree.
 */
export function getSubtaskProgress(children: readonly Subtask[]): {
  done: number;
  open: number;
  total: number;
} {
  const counted = children.filter((child) => child.archivedAt === null);
  const done = counted.filter((child) => child.completedAt !== null).length;
  return { done, open: counted.length - done, total: counted.length };
}

/** "1 open subtask", "3 open subtasks". */
export function formatOpenSubtasks(count: number): string {
  return `${count} open subtask${count === 1 ? '' : 's'}`;
}
