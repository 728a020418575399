import type { CreateTrackerGroupBody, TrackerGroup, UpdateTrackerGroupBody } from '@cairn/contracts/trackers';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import type { GroupListingRow } from './groups.repository';
import * as repository from './groups.repository';

/** Tracker groups: named, coloured sets the trackers page shows its trackers in. */

export type GroupScope = { userId: string; groupId: string };

function toGroup(row: GroupListingRow): TrackerGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    priority: row.priority,
    trackerCount: row.trackerCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listGroups(ctx: AppContext, options: { userId: string }): Promise<TrackerGroup[]> {
  return (await repository.findGroupListings(ctx.db, options)).map(toGroup);
}

export async function getGroup(ctx: AppContext, scope: GroupScope): Promise<TrackerGroup> {
  const [row] = await repository.findGroupListings(ctx.db, scope);
  return toGroup(requireOwned(row, 'Tracker group'));
}

/** Throws the same 404 as a missing group when the id is not one of the user's groups. */
export async function assertGroupExists(ctx: AppContext, scope: GroupScope): Promise<void> {
  requireOwned(await repository.findGroup(ctx.db, scope), 'Tracker group');
}

export async function createGroup(
  ctx: AppContext,
  options: { userId: string; body: CreateTrackerGroupBody },
): Promise<TrackerGroup> {
  const { userId, body } = options;
  const last =
    body.priority === undefined ? await repository.findLastGroupPriority(ctx.db, userId) : undefined;
  const now = ctx.clock.now();
  const row = await repository.insertGroup(ctx.db, {
    userId,
    name: body.name,
    description: body.description ?? null,
    color: body.color ?? null,
    priority: body.priority ?? (last === undefined ? 0 : last + 1),
    createdAt: now,
    updatedAt: now,
  });
  return toGroup({ ...row, trackerCount: 0 });
}

export async function updateGroup(
  ctx: AppContext,
  options: GroupScope & { changes: UpdateTrackerGroupBody },
): Promise<TrackerGroup> {
  // An empty change is a valid request that changes nothing, not even the time of the last change.
  if (hasChanges(options.changes)) {
    const row = await repository.updateGroup(ctx.db, { ...options, at: ctx.clock.now() });
    requireOwned(row, 'Tracker group');
  }
  return getGroup(ctx, options);
}

/** The group goes; its trackers stay, in no group, all in one transaction. */
export async function deleteGroup(ctx: AppContext, scope: GroupScope): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    // Locked first, so a tracker cannot join the group between the move and the delete.
    requireOwned(await repository.findGroup(tx.db, { ...scope, isForUpdate: true }), 'Tracker group');
    await repository.ungroupTrackers(tx.db, { ...scope, at: tx.clock.now() });
    if (!(await repository.deleteGroup(tx.db, scope))) throw notFound('Tracker group');
  });
}

/**
 * Checks a full new order: `ids` names each of `knownIds` exactly once (a stranger's id answers 404
 * like a missing one). Each id's new priority is then its index.
 */
export function assertFullOrder(options: {
  ids: readonly string[];
  knownIds: readonly string[];
  what: string;
}) {
  const known = new Set(options.knownIds);
  if (options.ids.some((id) => !known.has(id))) throw notFound(options.what);
  if (options.ids.length !== known.size) {
    const message = `The new order must name every ${options.what.toLowerCase()} exactly once`;
    throw new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', 'ids'], message }] });
  }
}

/** Puts the groups in the given order: priorities 0 to n-1. */
export async function reorderGroups(
  ctx: AppContext,
  options: { userId: string; ids: readonly string[] },
): Promise<TrackerGroup[]> {
  const { userId, ids } = options;
  await inTransaction(ctx, async (tx) => {
    assertFullOrder({ ids, knownIds: await repository.findGroupIds(tx.db, userId), what: 'Tracker group' });
    const at = tx.clock.now();
    for (const [priority, groupId] of ids.entries()) {
      await repository.updateGroup(tx.db, { userId, groupId, changes: { priority }, at });
    }
  });
  return listGroups(ctx, { userId });
}
