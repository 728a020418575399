import { and, asc, eq, inArray, max } from 'drizzle-orm';
import { hasChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { lists } from './lists.table';

export type ListRow = typeof lists.$inferSelect;
export type ListChanges = Partial<Pick<ListRow, 'name' | 'color' | 'group' | 'priority'>>;

/** Every list of the user, in order. */
export function findLists(db: Db, userId: string): Promise<ListRow[]> {
  return db.select().from(lists).where(eq(lists.userId, userId)).orderBy(asc(lists.priority), asc(lists.id));
}

export async function findList(
  db: Db,
  options: { userId: string; listId: string },
): Promise<ListRow | undefined> {
  const [row] = await db
    .select()
    .from(lists)
    .where(and(eq(lists.userId, options.userId), eq(lists.id, options.listId)));
  return row;
}

export async function findLastListPriority(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ value: max(lists.priority) })
    .from(lists)
    .where(eq(lists.userId, userId));
  return row?.value ?? undefined;
}

export async function insertList(
  db: Db,
  values: { userId: string; name: string; color: string | null; group: string | null; priority: number },
): Promise<ListRow> {
  const [row] = await db.insert(lists).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateList(
  db: Db,
  options: { userId: string; listId: string; changes: ListChanges },
): Promise<ListRow | undefined> {
  if (!hasChanges(options.changes)) return findList(db, options);
  const [row] = await db
    .update(lists)
    .set(options.changes)
    .where(and(eq(lists.userId, options.userId), eq(lists.id, options.listId)))
    .returning();
  return row;
}

export async function deleteList(db: Db, options: { userId: string; listId: string }): Promise<boolean> {
  const rows = await db
    .delete(lists)
    .where(and(eq(lists.userId, options.userId), eq(lists.id, options.listId)))
    .returning({ id: lists.id });
  return rows.length > 0;
}

export async function countLists(db: Db, options: { userId: string; listIds: string[] }): Promise<number> {
  const rows = await db
    .select({ id: lists.id })
    .from(lists)
    .where(and(eq(lists.userId, options.userId), inArray(lists.id, options.listIds)));
  return rows.length;
}
