import { AppError } from './app-error';
import { priorityAt, spacedPriorities } from './ordering';

/** Where a moved item lands: an index, or next to a neighbour (afterId null = the very start). */
export type Placement = {
  position?: number | undefined;
  afterId?: string | null | undefined;
  beforeId?: string | undefined;
};

export type Ordered = { id: string; priority: number };

/** The items on either side of where a placed item lands (none at an end of the order). */
export type PlacementNeighbours = { before?: Ordered | undefined; after?: Ordered | undefined };

function neighbourMissing(placement: Placement): AppError {
  return new AppError('VALIDATION_FAILED', 'The neighbour task is not in the place the task is moved to', {
    issues: [
      {
        path: ['body', placement.afterId ? 'afterId' : 'beforeId'],
        message: 'Not a task of the target order',
      },
    ],
  });
}

function indexOf(order: readonly Ordered[], placement: Placement): number {
  if (placement.position !== undefined) return placement.position;
  if (placement.afterId === null) return 0;
  const neighbourId = placement.afterId ?? placement.beforeId;
  const index = order.findIndex((entry) => entry.id === neighbourId);
  if (index === -1) throw neighbourMissing(placement);
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

/**
 * As `resolvePlacement`, reading only the two neighbours of the place (`neighbours` answers undefined
 * when the named neighbour is not in the order). The whole order is read only when those two leave
 * no room and it has to be respaced: a column or a top level holds thousands of tasks, and a drag
 * would otherwise read them all to place one.
 */
export async function resolvePlacementBetweenNeighbours(options: {
  placement: Placement;
  neighbours: (placement: Placement) => Promise<PlacementNeighbours | undefined>;
  order: () => Promise<readonly Ordered[]>;
  respace: (changes: { id: string; priority: number }[]) => Promise<void>;
}): Promise<number> {
  const found = await options.neighbours(options.placement);
  if (!found) throw neighbourMissing(options.placement);
  const around = [found.before, found.after].flatMap((entry) => (entry ? [entry.priority] : []));
  const priority = priorityAt(around, found.before ? 1 : 0);
  if (priority !== undefined) return priority;
  return resolvePlacement({
    order: await options.order(),
    placement: options.placement,
    respace: options.respace,
  });
}
