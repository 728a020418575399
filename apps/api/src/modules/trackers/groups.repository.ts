import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trackerGroups, trackers } from './trackers.table';

export type GroupRow = typeof trackerGroups.$inferSelect;
export type NewGroupRow = typeof trackerGroups.$inferInsert;
export type GroupChanges = Partial<Pick<GroupRow, 'name' | 'description' | 'color' | 'priority'>>;
export type GroupListingRow = GroupRow & { trackerCount: number };

const byUserAndId = (userId: string, groupId: string) =>
  and(eq(trackerGroups.userId, userId), eq(trackerGroups.id, groupId));

/** The user's groups (or one of them) with their number of trackers, by priority then name. */
export function findGroupListings(
  db: Db,
  options: { userId: string; groupId?: string },
): Promise<GroupListingRow[]> {
  return db
    .select({
      userId: trackerGroups.userId,
      id: trackerGroups.id,
      name: trackerGroups.name,
      description: trackerGroups.description,
      color: trackerGroups.color,
      priority: trackerGroups.priority,
      createdAt: trackerGroups.createdAt,
      updatedAt: trackerGroups.updatedAt,
      trackerCount: sql<number>`count(${trackers.id})`.mapWith(Number),
    })
    .from(trackerGroups)
    .leftJoin(
      trackers,
      and(eq(trackers.userId, trackerGroups.userId), eq(trackers.groupId, trackerGroups.id)),
    )
    .where(
      and(
        eq(trackerGroups.userId, options.userId),
        options.groupId ? eq(trackerGroups.id, options.groupId) : undefined,
      ),
    )
    .groupBy(trackerGroups.userId, trackerGroups.id)
    .orderBy(asc(trackerGroups.priority), asc(trackerGroups.name), asc(trackerGroups.id));
}

/** One group; with `isForUpdate`, locked until the transaction ends (no tracker joins it meanwhile). */
export async function findGroup(
  db: Db,
  options: { userId: string; groupId: string; isForUpdate?: boolean },
): Promise<GroupRow | undefined> {
  const query = db.select().from(trackerGroups).where(byUserAndId(options.userId, options.groupId));
  const [row] = await (options.isForUpdate ? query.for('update') : query);
  return row;
}

export async function findGroupIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: trackerGroups.id })
    .from(trackerGroups)
    .where(eq(trackerGroups.userId, userId));
  return rows.map((row) => row.id);
}

/** The highest priority among the user's groups; undefined when there are none. */
export async function findLastGroupPriority(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ priority: sql<number | null>`max(${trackerGroups.priority})` })
    .from(trackerGroups)
    .where(eq(trackerGroups.userId, userId));
  return row?.priority ?? undefined;
}

export async function insertGroup(db: Db, values: NewGroupRow): Promise<GroupRow> {
  const [row] = await db.insert(trackerGroups).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateGroup(
  db: Db,
  options: { userId: string; groupId: string; changes: GroupChanges; at: Date },
): Promise<GroupRow | undefined> {
  const [row] = await db
    .update(trackerGroups)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byUserAndId(options.userId, options.groupId))
    .returning();
  return row;
}

/** Takes the group's trackers out of it, so the group can go while they stay. */
export async function ungroupTrackers(
  db: Db,
  options: { userId: string; groupId: string; at: Date },
): Promise<void> {
  await db
    .update(trackers)
    .set({ groupId: null, updatedAt: options.at })
    .where(and(eq(trackers.userId, options.userId), eq(trackers.groupId, options.groupId)));
}

/** Whether a group was there to delete. */
export async function deleteGroup(db: Db, options: { userId: string; groupId: string }): Promise<boolean> {
  const rows = await db
    .delete(trackerGroups)
    .where(byUserAndId(options.userId, options.groupId))
    .returning({ id: trackerGroups.id });
  return rows.length > 0;
}
