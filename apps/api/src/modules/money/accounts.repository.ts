import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { reusableSelect } from '../../lib/prepared-query';
import { moneyAccounts, moneyRecurring, moneyTransactions } from './money.table';

export type AccountRow = typeof moneyAccounts.$inferSelect;
export type NewAccountRow = typeof moneyAccounts.$inferInsert;
export type AccountChanges = Partial<Pick<AccountRow, 'name' | 'parentId' | 'currencyId'>>;

const byUserAndId = (userId: string, accountId: string) =>
  and(eq(moneyAccounts.userId, userId), eq(moneyAccounts.id, accountId));

export function findAccounts(db: Db, userId: string): Promise<AccountRow[]> {
  return db
    .select()
    .from(moneyAccounts)
    .where(eq(moneyAccounts.userId, userId))
    .orderBy(asc(sql`lower(${moneyAccounts.name})`), asc(moneyAccounts.id));
}

export async function findAccount(
  db: Db,
  options: { userId: string; accountId: string },
): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(moneyAccounts).where(byUserAndId(options.userId, options.accountId));
  return row;
}

/**
 * Built once for one id and once for two, and reused in any transaction: a transaction names an
 * account and perhaps its sub-account, and every write reads them.
 */
const moneyAccountsByOneId = reusableSelect<AccountRow>((db) =>
  db
    .select()
    .from(moneyAccounts)
    .where(
      and(
        eq(moneyAccounts.userId, sql.placeholder('userId')),
        eq(moneyAccounts.id, sql.placeholder('first')),
      ),
    ),
);
const moneyAccountsByTwoIds = reusableSelect<AccountRow>((db) =>
  db
    .select()
    .from(moneyAccounts)
    .where(
      and(
        eq(moneyAccounts.userId, sql.placeholder('userId')),
        inArray(moneyAccounts.id, [sql.placeholder('first'), sql.placeholder('second')]),
      ),
    ),
);

export async function findAccountsByIds(
  db: Db,
  options: { userId: string; accountIds: readonly string[] },
): Promise<AccountRow[]> {
  const { userId, accountIds: ids } = options;
  const [first, second] = ids;
  if (first === undefined) return [];
  if (ids.length === 1) return moneyAccountsByOneId(db, { userId, first });
  if (ids.length === 2) return moneyAccountsByTwoIds(db, { userId, first, second });
  return db
    .select()
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.userId, userId), inArray(moneyAccounts.id, [...ids])));
}

export async function findChildAccountIds(
  db: Db,
  options: { userId: string; accountId: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: moneyAccounts.id })
    .from(moneyAccounts)
    .where(and(eq(moneyAccounts.userId, options.userId), eq(moneyAccounts.parentId, options.accountId)));
  return rows.map((row) => row.id);
}

export async function insertAccount(db: Db, values: NewAccountRow): Promise<AccountRow> {
  const [row] = await db.insert(moneyAccounts).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateAccount(
  db: Db,
  options: { userId: string; accountId: string; changes: AccountChanges; at: Date },
): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(moneyAccounts)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byUserAndId(options.userId, options.accountId))
    .returning();
  return row;
}

/** Deletes an account; its sub-accounts go with it (the parent key cascades). */
export async function deleteAccount(db: Db, options: { userId: string; accountId: string }): Promise<void> {
  await db.delete(moneyAccounts).where(byUserAndId(options.userId, options.accountId));
}

/**
 * Transactions booked directly on each account or sub-account (a sub-account's are not its parent's),
 * in one grouped query; an account without any is missing from the map.
 */
export async function countTransactionsPerAccount(
  db: Db,
  options: { userId: string; accountId?: string },
): Promise<Map<string, number>> {
  const bookedOn = sql`coalesce(${moneyTransactions.subAccountId}, ${moneyTransactions.accountId})`;
  const rows = await db
    .select({ id: sql<string>`${bookedOn}`, count: sql<number>`count(*)::int` })
    .from(moneyTransactions)
    .where(
      and(
        eq(moneyTransactions.userId, options.userId),
        options.accountId
          ? or(
              eq(moneyTransactions.subAccountId, options.accountId),
              and(eq(moneyTransactions.accountId, options.accountId), isNull(moneyTransactions.subAccountId)),
            )
          : undefined,
      ),
    )
    .groupBy(bookedOn);
  return new Map(rows.map((row) => [row.id, row.count]));
}

/** Transactions on any of the accounts, as the account or as the sub-account. */
const onAccounts = (accountIds: readonly string[]): SQL =>
  or(
    inArray(moneyTransactions.accountId, [...accountIds]),
    inArray(moneyTransactions.subAccountId, [...accountIds]),
  ) as SQL;

export async function countTransactionsOnAccounts(
  db: Db,
  options: { userId: string; accountIds: readonly string[] },
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(moneyTransactions)
    .where(and(eq(moneyTransactions.userId, options.userId), onAccounts(options.accountIds)));
  return row?.count ?? 0;
}

export async function countRecurringOnAccounts(
  db: Db,
  options: { userId: string; accountIds: readonly string[] },
): Promise<number> {
  const ids = [...options.accountIds];
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(moneyRecurring)
    .where(
      and(
        eq(moneyRecurring.userId, options.userId),
        or(
          inArray(moneyRecurring.accountId, ids),
          inArray(moneyRecurring.subAccountId, ids),
          inArray(moneyRecurring.accountToId, ids),
          inArray(moneyRecurring.subAccountToId, ids),
        ),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Transfers with a side on the accounts whose other side is on `accountId`: moving that side there
 * would make the transfer go from an account to itself.
 */
export async function countTransfersAgainst(
  db: Db,
  options: { userId: string; accountIds: readonly string[]; accountId: string },
): Promise<number> {
  const other = alias(moneyTransactions, 'other');
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(moneyTransactions)
    .innerJoin(
      other,
      and(
        eq(other.userId, moneyTransactions.userId),
        eq(other.transferId, moneyTransactions.transferId),
        sql`${other.id} <> ${moneyTransactions.id}`,
      ),
    )
    .where(
      and(
        eq(moneyTransactions.userId, options.userId),
        onAccounts(options.accountIds),
        eq(other.accountId, options.accountId),
      ),
    );
  return row?.count ?? 0;
}

/** Books every transaction on the accounts (as account or sub-account) onto the target instead. */
export async function moveTransactionsOfAccounts(
  db: Db,
  options: {
    userId: string;
    accountIds: readonly string[];
    target: { accountId: string; subAccountId: string | null };
    at: Date;
  },
): Promise<number> {
  const rows = await db
    .update(moneyTransactions)
    .set({
      accountId: options.target.accountId,
      subAccountId: options.target.subAccountId,
      updatedAt: options.at,
    })
    .where(and(eq(moneyTransactions.userId, options.userId), onAccounts(options.accountIds)))
    .returning({ id: moneyTransactions.id });
  return rows.length;
}

/**
 * Serializes changes to the shape of a user's account and category trees (parents, deletions,
 * moves) against each other ('write') and against writes that rely on that shape staying as they
 * checked it ('read': a new transaction naming a sub-account as a child of its account). Other
 * users are not held up.
 */
export async function lockMoneyTrees(db: Db, userId: string, mode: 'read' | 'write'): Promise<void> {
  const key = sql`hashtextextended(${`money-trees:${userId}`}, 0)`;
  await queryRows(
    db,
    mode === 'write'
      ? sql`select pg_advisory_xact_lock(${key})`
      : sql`select pg_advisory_xact_lock_shared(${key})`,
  );
}
