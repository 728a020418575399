/** Where a card lands, as the move endpoint takes it. */
export type DropPlacement = { afterId: string } | { beforeId: string } | { position: number };

/** Far past any column's length: the API puts the card last. */
const END_OF_COLUMN = Number.MAX_SAFE_INTEGER;

/**
 * Where a dropped card goes, named by its visible neighbours: right after the card above it, else right
 * before the card below it, else at the end. The board may show only some of a column's tasks (a filter,
 * or the periodical completion column); the server places the card in the full order by those
 * neighbours, so hidden cards never matter.
 *
 * @param visibleOrder the ids the user sees in the target column after the drop, with the moved task
 */
export function placementForDrop(options: {
  taskId: string;
  visibleOrder: readonly string[];
}): DropPlacement {
  const index = options.visibleOrder.indexOf(options.taskId);
  const previous = index > 0 ? options.visibleOrder[index - 1] : undefined;
  if (previous !== undefined) return { afterId: previous };
  const next = index >= 0 ? options.visibleOrder[index + 1] : undefined;
  if (next !== undefined) return { beforeId: next };
  return { position: END_OF_COLUMN };
}

/** A priority that sorts the moved card between its new neighbours until the server answers. */
export function priorityBetween(previous: number | undefined, next: number | undefined): number {
  if (previous !== undefined && next !== undefined) return (previous + next) / 2;
  if (previous !== undefined) return previous + 1;
  if (next !== undefined) return next - 1;
  return 0;
}
