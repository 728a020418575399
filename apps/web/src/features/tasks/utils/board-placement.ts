import type { Task } from '@cairn/contracts/tasks';

type Placeable = Pick<Task, 'id' | 'priority'>;

/** A column's cards in the API's manual order: priority, then id (as the server breaks ties). */
export function sortByPosition<Item extends Placeable>(tasks: readonly Item[]): Item[] {
  return [...tasks].sort((first, second) =>
    first.priority === second.priority ? first.id.localeCompare(second.id) : first.priority - second.priority,
  );
}

/**
 * The index the API wants for a drop. The board may show only some of a column's tasks (a filter, or the
 * periodical completion column), so the card is placed right after its visible predecessor in the
 * column's full order, or right before its visible successor, or at the end.
 *
 * @param fullOrder every task id of the target column in order, without the moved task
 * @param visibleOrder the ids the user sees in the target column after the drop, with the moved task
 */
export function positionForDrop(options: {
  taskId: string;
  fullOrder: readonly string[];
  visibleOrder: readonly string[];
}): number {
  const { taskId, fullOrder, visibleOrder } = options;
  const index = visibleOrder.indexOf(taskId);
  const previous = index > 0 ? visibleOrder[index - 1] : undefined;
  const previousAt = previous === undefined ? -1 : fullOrder.indexOf(previous);
  if (previousAt >= 0) return previousAt + 1;
  const next = index >= 0 ? visibleOrder[index + 1] : undefined;
  const nextAt = next === undefined ? -1 : fullOrder.indexOf(next);
  if (nextAt >= 0) return nextAt;
  return fullOrder.length;
}

/** A priority that sorts the moved card between its new neighbours until the server answers. */
export function priorityBetween(previous: number | undefined, next: number | undefined): number {
  if (previous !== undefined && next !== undefined) return (previous + next) / 2;
  if (previous !== undefined) return previous + 1;
  if (next !== undefined) return next - 1;
  return 0;
}
