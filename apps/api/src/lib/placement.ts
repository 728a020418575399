import { AppError } from './app-error';
import { priorityAt, spacedPriorities } from './ordering';

/** Where a moved item lands: an index, or next to a neighbour (afterId null = the very start). */
export type Placement = {
  position?: number | undefined;
  afterId?: string | null | undefined;
  beforeId?: string | undefined;
};

type Ordered = { id: string; priority: number };

function indexOf(order: readonly Ordered[], placement: Placement): number {
  if (placement.position !== undefined) return placement.position;
  if (placement.afterId === null) return 0;
  const neighbourId = placement.afterId ?? placement.beforeId;
  const index = order.findIndex((entry) => entry.id === neighbourId);
  if (index === -1) {
    throw new AppError('VALIDATION_FAILED', 'The neighbour task is not in the place the task is moved to', {
      issues: [
        {
          path: ['body', placement.afterId ? 'afterId' : 'beforeId'],
          message: 'Not a task of the target order',
        },
      ],
    });
  }
  return placement.afterId ? index + 1 : index;
}

/**
 * The priority for an item placed into `order` (which leaves the item out). When the neighbours
 * leave no room, the whole order is respaced first, through `respace`.
 */
export async function resolvePlacement(options: {
  order: readonly Ordered[];
  placement: Placement;
  respace: (changes: { id: string; priority: number }[]) => Promise<void>;
}): Promise<number> {
  const index = indexOf(options.order, options.placement);
  const priority = priorityAt(
    options.order.map((entry) => entry.priority),
    index,
  );
  if (priority !== undefined) return priority;
  const respaced = spacedPriorities(options.order.length);
  await options.respace(
    options.order.map((entry, position) => ({ id: entry.id, priority: respaced[position] as number })),
  );
  return priorityAt(respaced, index) as number;
}
