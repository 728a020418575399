import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { hasChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { reusableSelect } from '../../lib/prepared-query';
import { columns } from './columns.table';

export type ColumnRow = typeof columns.$inferSelect;
export type NewColumnRow = typeof columns.$inferInsert;
export type ColumnChanges = Partial<Pick<ColumnRow, 'name' | 'isDefault' | 'isCompletion' | 'priority'>>;

export async function insertColumns(db: Db, rows: NewColumnRow[]): Promise<ColumnRow[]> {
  return db.insert(columns).values(rows).returning();
}

export function findColumns(db: Db, userId: string): Promise<ColumnRow[]> {
  return db
    .select()
    .from(columns)
    .where(eq(columns.userId, userId))
    .orderBy(asc(columns.priority), asc(columns.id));
}

/** Read by every task created or moved into a given column. */
const columnByIdQuery = reusableSelect<ColumnRow>((db) =>
  db
    .select()
    .from(columns)
    .where(and(eq(columns.userId, sql.placeholder('userId')), eq(columns.id, sql.placeholder('columnId')))),
);

export async function findColumn(
  db: Db,
  options: { userId: string; columnId: string },
): Promise<ColumnRow | undefined> {
  const [row] = await columnByIdQuery(db, options);
  return row;
}

/** Read by every task created without a column. */
const defaultColumnQuery = reusableSelect<ColumnRow>((db) =>
  db
    .select()
    .from(columns)
    .where(and(eq(columns.userId, sql.placeholder('userId')), eq(columns.isDefault, true))),
);

export async function findDefaultColumn(db: Db, userId: string): Promise<ColumnRow | undefined> {
  const [row] = await defaultColumnQuery(db, { userId });
  return row;
}

export async function findCompletionColumn(db: Db, userId: string): Promise<ColumnRow | undefined> {
  const [row] = await db
    .select()
    .from(columns)
    .where(and(eq(columns.userId, userId), eq(columns.isCompletion, true)));
  return row;
}

export async function updateColumn(
  db: Db,
  options: { userId: string; columnId: string; changes: ColumnChanges },
): Promise<ColumnRow | undefined> {
  if (!hasChanges(options.changes)) return findColumn(db, options);
  const [row] = await db
    .update(columns)
    .set(options.changes)
    .where(and(eq(columns.userId, options.userId), eq(columns.id, options.columnId)))
    .returning();
  return row;
}

/** Clears a flag on every other column, so the partial unique index lets the new holder take it. */
export async function clearFlagOnOtherColumns(
  db: Db,
  options: { userId: string; columnId: string; flag: 'isDefault' | 'isCompletion' },
) {
  await db
    .update(columns)
    .set({ [options.flag]: false })
    .where(and(eq(columns.userId, options.userId), ne(columns.id, options.columnId)));
}

export async function deleteColumn(db: Db, options: { userId: string; columnId: string }): Promise<void> {
  await db.delete(columns).where(and(eq(columns.userId, options.userId), eq(columns.id, options.columnId)));
}
