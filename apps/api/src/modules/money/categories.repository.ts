import { and, asc, eq, inArray, isNotNull, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reusableSelect } from '../../lib/prepared-query';
import { moneyCategories, moneyRecurring, moneyTransactions } from './money.table';

export type CategoryRow = typeof moneyCategories.$inferSelect;
export type NewCategoryRow = typeof moneyCategories.$inferInsert;
export type CategoryChanges = Partial<Pick<CategoryRow, 'name' | 'parentId'>>;

const byUserAndId = (userId: string, categoryId: string) =>
  and(eq(moneyCategories.userId, userId), eq(moneyCategories.id, categoryId));

/** A transfer is one entry with two rows carrying the same category; its income side is not counted again. */
const isCountedEntry = not(
  and(isNotNull(moneyTransactions.transferId), eq(moneyTransactions.type, 'income')) as SQL,
);

/** Oldest first within a name, so a lookup by name always finds the same one of two namesakes. */
export function findCategories(db: Db, userId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(moneyCategories)
    .where(eq(moneyCategories.userId, userId))
    .orderBy(asc(sql`lower(${moneyCategories.name})`), asc(moneyCategories.id));
}

export async function findCategory(
  db: Db,
  options: { userId: string; categoryId: string },
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(moneyCategories)
    .where(byUserAndId(options.userId, options.categoryId));
  return row;
}

/**
 * Built once for one id and once for two, and reused in any transaction: a transaction names an
 * category and perhaps its sub-category, and every write reads them.
 */
const moneyCategoriesByOneId = reusableSelect<CategoryRow>((db) =>
  db
    .select()
    .from(moneyCategories)
    .where(
      and(
        eq(moneyCategories.userId, sql.placeholder('userId')),
        eq(moneyCategories.id, sql.placeholder('first')),
      ),
    ),
);
const moneyCategoriesByTwoIds = reusableSelect<CategoryRow>((db) =>
  db
    .select()
    .from(moneyCategories)
    .where(
      and(
        eq(moneyCategories.userId, sql.placeholder('userId')),
        inArray(moneyCategories.id, [sql.placeholder('first'), sql.placeholder('second')]),
      ),
    ),
);

export async function findCategoriesByIds(
  db: Db,
  options: { userId: string; categoryIds: readonly string[] },
): Promise<CategoryRow[]> {
  const { userId, categoryIds: ids } = options;
  const [first, second] = ids;
  if (first === undefined) return [];
  if (ids.length === 1) return moneyCategoriesByOneId(db, { userId, first });
  if (ids.length === 2) return moneyCategoriesByTwoIds(db, { userId, first, second });
  return db
    .select()
    .from(moneyCategories)
    .where(and(eq(moneyCategories.userId, userId), inArray(moneyCategories.id, [...ids])));
}

export async function findChildCategoryIds(
  db: Db,
  options: { userId: string; categoryId: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: moneyCategories.id })
    .from(moneyCategories)
    .where(and(eq(moneyCategories.userId, options.userId), eq(moneyCategories.parentId, options.categoryId)));
  return rows.map((row) => row.id);
}

export async function insertCategory(db: Db, values: NewCategoryRow): Promise<CategoryRow> {
  const [row] = await db.insert(moneyCategories).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCategory(
  db: Db,
  options: { userId: string; categoryId: string; changes: CategoryChanges; at: Date },
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(moneyCategories)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byUserAndId(options.userId, options.categoryId))
    .returning();
  return row;
}

/** Deletes a category; its sub-categories go with it (the parent key cascades). */
export async function deleteCategory(db: Db, options: { userId: string; categoryId: string }): Promise<void> {
  await db.delete(moneyCategories).where(byUserAndId(options.userId, options.categoryId));
}

/** Entries filed directly under each category or sub-category, in one grouped query. */
export async function countTransactionsPerCategory(
  db: Db,
  options: { userId: string; categoryId?: string },
): Promise<Map<string, number>> {
  const filedUnder = sql`coalesce(${moneyTransactions.subCategoryId}, ${moneyTransactions.categoryId})`;
  const rows = await db
    .select({ id: sql<string>`${filedUnder}`, count: sql<number>`count(*)::int` })
    .from(moneyTransactions)
    .where(
      and(
        eq(moneyTransactions.userId, options.userId),
        isNotNull(moneyTransactions.categoryId),
        isCountedEntry,
        options.categoryId
          ? or(
              eq(moneyTransactions.subCategoryId, options.categoryId),
              and(
                eq(moneyTransactions.categoryId, options.categoryId),
                isNull(moneyTransactions.subCategoryId),
              ),
            )
          : undefined,
      ),
    )
    .groupBy(filedUnder);
  return new Map(rows.map((row) => [row.id, row.count]));
}

const underCategories = (categoryIds: readonly string[]): SQL =>
  or(
    inArray(moneyTransactions.categoryId, [...categoryIds]),
    inArray(moneyTransactions.subCategoryId, [...categoryIds]),
  ) as SQL;

export async function countTransactionsUnderCategories(
  db: Db,
  options: { userId: string; categoryIds: readonly string[] },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(moneyTransactions)
    .where(
      and(eq(moneyTransactions.userId, options.userId), underCategories(options.categoryIds), isCountedEntry),
    );
  return row?.count ?? 0;
}

export async function countRecurringUnderCategories(
  db: Db,
  options: { userId: string; categoryIds: readonly string[] },
): Promise<number> {
  const ids = [...options.categoryIds];
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(moneyRecurring)
    .where(
      and(
        eq(moneyRecurring.userId, options.userId),
        or(inArray(moneyRecurring.categoryId, ids), inArray(moneyRecurring.subCategoryId, ids)),
      ),
    );
  return row?.count ?? 0;
}

/** Files every transaction under the categories (as category or sub-category) under the target instead. */
export async function moveTransactionsOfCategories(
  db: Db,
  options: {
    userId: string;
    categoryIds: readonly string[];
    target: { categoryId: string | null; subCategoryId: string | null };
    at: Date;
  },
): Promise<number> {
  const rows = await db
    .update(moneyTransactions)
    .set({
      categoryId: options.target.categoryId,
      subCategoryId: options.target.subCategoryId,
      updatedAt: options.at,
    })
    .where(and(eq(moneyTransactions.userId, options.userId), underCategories(options.categoryIds)))
    .returning({
      id: moneyTransactions.id,
      transferId: moneyTransactions.transferId,
      type: moneyTransactions.type,
    });
  return rows.filter((row) => !(row.transferId && row.type === 'income')).length;
}
