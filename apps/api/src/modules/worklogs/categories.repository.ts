import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { worklogCategories, worklogs, worklogTimers } from './worklogs.table';

export type CategoryRow = typeof worklogCategories.$inferSelect;
export type NewCategoryRow = typeof worklogCategories.$inferInsert;
export type CategoryChanges = Partial<Pick<CategoryRow, 'name' | 'breaksMultiplier'>>;

const byUserAndId = (userId: string, categoryId: string) =>
  and(eq(worklogCategories.userId, userId), eq(worklogCategories.id, categoryId));

export function findCategories(db: Db, userId: string) {
  return db
    .select()
    .from(worklogCategories)
    .where(eq(worklogCategories.userId, userId))
    .orderBy(asc(sql`lower(${worklogCategories.name})`), asc(worklogCategories.id));
}

export async function findCategory(
  db: Db,
  options: { userId: string; categoryId: string },
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(worklogCategories)
    .where(byUserAndId(options.userId, options.categoryId));
  return row;
}

export async function insertCategory(db: Db, values: NewCategoryRow): Promise<CategoryRow> {
  const [row] = await db.insert(worklogCategories).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategory(
  db: Db,
  options: { userId: string; categoryId: string; changes: CategoryChanges; at: Date },
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(worklogCategories)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byUserAndId(options.userId, options.categoryId))
    .returning();
  return row;
}

/** The category leaves its entries and the running timer; entries keep the multiplier they had. */
export async function clearCategory(
  db: Db,
  options: { userId: string; categoryId: string; at: Date },
): Promise<void> {
  await db
    .update(worklogs)
    .set({ categoryId: null, updatedAt: options.at })
    .where(and(eq(worklogs.userId, options.userId), eq(worklogs.categoryId, options.categoryId)));
  await db
    .update(worklogTimers)
    .set({ categoryId: null })
    .where(and(eq(worklogTimers.userId, options.userId), eq(worklogTimers.categoryId, options.categoryId)));
}

export async function deleteCategory(
  db: Db,
  options: { userId: string; categoryId: string },
): Promise<boolean> {
  const rows = await db
    .delete(worklogCategories)
    .where(byUserAndId(options.userId, options.categoryId))
    .returning({ id: worklogCategories.id });
  return rows.length > 0;
}
