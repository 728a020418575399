import { AppError, notFound } from './app-error';

/**
 * Manual order with gaps: a moved item takes a value between its new neighbours, so a drag
 * rewrites one row. When two neighbours leave no room, the caller renumbers the whole set.
 */
export const ORDER_GAP = 1024;

/** The value for an item appended after the last one (`undefined` when the set is empty). */
export function priorityAfter(last: number | undefined): number {
  return last === undefined ? 0 : last + ORDER_GAP;
}

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

/**
 * Applies a full new order: `ids` must name every one of `knownIds` exactly once (a stranger's id
 * answers 404 like a missing one), and each gets an evenly spaced priority through `write`.
 */
export async function applyFullOrder(options: {
  ids: readonly string[];
  knownIds: readonly string[];
  what: string;
  write: (id: string, priority: number) => Promise<void>;
}): Promise<void> {
  const known = new Set(options.knownIds);
  if (options.ids.some((id) => !known.has(id))) throw notFound(options.what);
  if (options.ids.length !== known.size) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The new order must name every ${options.what.toLowerCase()} exactly once`,
    );
  }
  const priorities = spacedPriorities(options.ids.length);
  for (const [index, id] of options.ids.entries()) await options.write(id, priorities[index] as number);
}
