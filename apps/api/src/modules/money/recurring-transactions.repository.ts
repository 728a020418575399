import { and, asc, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moneyRecurring, moneyRecurringPostings, moneyTransactions } from './money.table';

export type RecurringRow = typeof moneyRecurring.$inferSelect;
export type NewRecurringRow = typeof moneyRecurring.$inferInsert;
export type RecurringChanges = Partial<
  Pick<
    RecurringRow,
    | 'type'
    | 'accountId'
    | 'subAccountId'
    | 'accountToId'
    | 'subAccountToId'
    | 'amount'
    | 'currencyId'
    | 'amountTo'
    | 'currencyToId'
    | 'categoryId'
    | 'subCategoryId'
    | 'note'
    | 'quickurrence'
    | 'nextDate'
  >
>;
export type RecurringScope = { userId: string; recurringId: string };
/** A template the job may have to post, as the due scan pages through them. */
export type DueRecurring = { userId: string; id: string; nextDate: string };

const byScope = ({ userId, recurringId }: RecurringScope) =>
  and(eq(moneyRecurring.userId, userId), eq(moneyRecurring.id, recurringId));

export async function insertRecurring(db: Db, values: NewRecurringRow): Promise<RecurringRow> {
  const [row] = await db.insert(moneyRecurring).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * One template; `isForUpdate` locks it for the rest of the transaction, so posting, editing, skipping
 * and deleting it take turns. NO KEY UPDATE leaves the key share that foreign-key checks take free.
 */
export async function findRecurring(
  db: Db,
  options: RecurringScope & { isForUpdate?: boolean },
): Promise<RecurringRow | undefined> {
  const query = db.select().from(moneyRecurring).where(byScope(options));
  const [row] = await (options.isForUpdate ? query.for('no key update') : query);
  return row;
}

/** The user's templates, the next to post first and ended ones last. */
export function findRecurringList(db: Db, userId: string): Promise<RecurringRow[]> {
  return db
    .select()
    .from(moneyRecurring)
    .where(eq(moneyRecurring.userId, userId))
    .orderBy(
      sql`${moneyRecurring.nextDate} asc nulls last`,
      asc(moneyRecurring.createdAt),
      asc(moneyRecurring.id),
    );
}

export async function updateRecurring(
  db: Db,
  options: RecurringScope & { changes: RecurringChanges; at: Date },
): Promise<void> {
  await db
    .update(moneyRecurring)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byScope(options));
}

/**
 * Claims an occurrence for posting: true for the one caller whose row went in, false for any other
 * (the key waits for a concurrent claimer's transaction, then finds its row).
 */
export async function insertPosting(db: Db, options: RecurringScope & { date: string }): Promise<boolean> {
  const rows = await db
    .insert(moneyRecurringPostings)
    .values({ userId: options.userId, recurringId: options.recurringId, date: options.date })
    .onConflictDoNothing()
    .returning({ date: moneyRecurringPostings.date });
  return rows.length > 0;
}

/** After posting `date`: the series moves on to `nextDate` (null once it has ended). */
export async function recordPosting(
  db: Db,
  options: RecurringScope & { date: string; nextDate: string | null; at: Date },
): Promise<void> {
  await db
    .update(moneyRecurring)
    .set({
      nextDate: options.nextDate,
      lastPostedDate: options.date,
      postedCount: sql`${moneyRecurring.postedCount} + 1`,
      updatedAt: options.at,
    })
    .where(byScope(options));
}

/** Moves past a day someone else posted, unless the template has moved on already. */
export async function passPostedDay(
  db: Db,
  options: RecurringScope & { date: string; nextDate: string | null; at: Date },
): Promise<void> {
  await db
    .update(moneyRecurring)
    .set({ nextDate: options.nextDate, updatedAt: options.at })
    .where(and(byScope(options), eq(moneyRecurring.nextDate, options.date)));
}

/** Posted transactions outlive their template: they only stop pointing at it. */
export async function detachTransactions(db: Db, scope: RecurringScope): Promise<void> {
  await db
    .update(moneyTransactions)
    .set({ recurringId: null })
    .where(
      and(eq(moneyTransactions.userId, scope.userId), eq(moneyTransactions.recurringId, scope.recurringId)),
    );
}

export async function deleteRecurring(db: Db, scope: RecurringScope): Promise<boolean> {
  const rows = await db.delete(moneyRecurring).where(byScope(scope)).returning({ id: moneyRecurring.id });
  return rows.length > 0;
}

/**
 * Templates of any user whose next day is on or before `through`, oldest first, a page at a time
 * after the last one seen (by next date, user and id).
 */
export function findDueRecurring(
  db: Db,
  options: { through: string; after: DueRecurring | undefined; limit: number },
): Promise<DueRecurring[]> {
  const { after } = options;
  const nextDate = sql<string>`${moneyRecurring.nextDate}`;
  return db
    .select({ userId: moneyRecurring.userId, id: moneyRecurring.id, nextDate })
    .from(moneyRecurring)
    .where(
      and(
        isNotNull(moneyRecurring.nextDate),
        lte(moneyRecurring.nextDate, options.through),
        after
          ? or(
              gt(moneyRecurring.nextDate, after.nextDate),
              and(
                eq(moneyRecurring.nextDate, after.nextDate),
                sql`(${moneyRecurring.userId}, ${moneyRecurring.id}) > (${after.userId}::uuid, ${after.id}::uuid)`,
              ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(moneyRecurring.nextDate), asc(moneyRecurring.userId), asc(moneyRecurring.id))
    .limit(options.limit);
}
