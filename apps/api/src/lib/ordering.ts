/**
 * Manual order with gaps: a moved item takes a value between its new neighbours, so a drag
 * rewrites one row. When two neighbours leave no room, the caller renumbers the whole set.
 */
export const ORDER_GAP = 1024;

/** The value for an item placed at `position` among `others` (sorted, without the item itself). */
export function priorityAt(others: readonly number[], position: number): number | undefined {
  const index = Math.max(0, Math.min(position, others.length));
  const before = others[index - 1];
  const after = others[index];
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) return (after as number) - ORDER_GAP;
  if (after === undefined) return before + ORDER_GAP;
  const middle = Math.floor((before + after) / 2);
  return middle > before && middle < after ? middle : undefined;
}

/** Evenly spaced values for `count` items, used when renumbering. */
export function spacedPriorities(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index * ORDER_GAP);
}
