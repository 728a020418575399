import type { MoneyTransactionInputType } from '@cairn/contracts/money';
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inBatches } from '../../lib/batches';
import { insertReturning } from '../../lib/prepared-query';
import { moneyTransactions } from './money.table';

export type TransactionRow = typeof moneyTransactions.$inferSelect;
export type NewTransactionRow = typeof moneyTransactions.$inferInsert;
export type TransactionChanges = Partial<
  Pick<
    TransactionRow,
    | 'type'
    | 'accountId'
    | 'subAccountId'
    | 'amount'
    | 'currencyId'
    | 'date'
    | 'categoryId'
    | 'subCategoryId'
    | 'note'
  >
>;

/** A transaction as read views show it: with the other side of its transfer, if it is one. */
export type TransactionListingRow = TransactionRow & {
  otherId: string | null;
  otherAccountId: string | null;
  otherSubAccountId: string | null;
  otherAmount: string | null;
  otherCurrencyId: string | null;
};

const other = alias(moneyTransactions, 'other');

function selectListing(db: Db) {
  return db
    .select({
      userId: moneyTransactions.userId,
      id: moneyTransactions.id,
      type: moneyTransactions.type,
      accountId: moneyTransactions.accountId,
      subAccountId: moneyTransactions.subAccountId,
      transferId: moneyTransactions.transferId,
      amount: moneyTransactions.amount,
      currencyId: moneyTransactions.currencyId,
      date: moneyTransactions.date,
      categoryId: moneyTransactions.categoryId,
      subCategoryId: moneyTransactions.subCategoryId,
      note: moneyTransactions.note,
      recurringId: moneyTransactions.recurringId,
      createdAt: moneyTransactions.createdAt,
      updatedAt: moneyTransactions.updatedAt,
      otherId: other.id,
      otherAccountId: other.accountId,
      otherSubAccountId: other.subAccountId,
      otherAmount: other.amount,
      otherCurrencyId: other.currencyId,
    })
    .from(moneyTransactions)
    .leftJoin(
      other,
      and(
        eq(other.userId, moneyTransactions.userId),
        eq(other.transferId, moneyTransactions.transferId),
        sql`${other.id} <> ${moneyTransactions.id}`,
      ),
    );
}

/** Built once per shape of row, reused in any transaction: every new transaction goes through it. */
const insertTransactionRow = insertReturning(moneyTransactions);

export async function insertTransaction(db: Db, values: NewTransactionRow): Promise<TransactionRow> {
  const [row] = await insertTransactionRow(db, values);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Many rows at once, in statements that stay well under PostgreSQL's parameter limit. */
export async function insertTransactions(db: Db, values: readonly NewTransactionRow[]): Promise<void> {
  for (const batch of inBatches(values)) await db.insert(moneyTransactions).values(batch);
}

export async function findTransaction(
  db: Db,
  options: { userId: string; transactionId: string },
): Promise<TransactionListingRow | undefined> {
  const [row] = await selectListing(db).where(
    and(eq(moneyTransactions.userId, options.userId), eq(moneyTransactions.id, options.transactionId)),
  );
  return row;
}

/** The row alone, locked until the transaction ends, so two edits of it land one after the other. */
export async function findTransactionForUpdate(
  db: Db,
  options: { userId: string; transactionId: string },
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(moneyTransactions)
    .where(and(eq(moneyTransactions.userId, options.userId), eq(moneyTransactions.id, options.transactionId)))
    .for('update');
  return row;
}

/** Both rows of a transfer, the expense (money out of the source) first; locked when asked. */
export function findTransferRows(
  db: Db,
  options: { userId: string; transferId: string; isForUpdate?: boolean },
): Promise<TransactionRow[]> {
  const query = db
    .select()
    .from(moneyTransactions)
    .where(
      and(eq(moneyTransactions.userId, options.userId), eq(moneyTransactions.transferId, options.transferId)),
    )
    .orderBy(desc(sql`${moneyTransactions.type} = 'expense'`));
  return options.isForUpdate ? query.for('update') : query;
}

export async function updateTransaction(
  db: Db,
  options: { userId: string; transactionId: string; changes: TransactionChanges; at: Date },
): Promise<void> {
  await db
    .update(moneyTransactions)
    .set({ ...options.changes, updatedAt: options.at })
    .where(
      and(eq(moneyTransactions.userId, options.userId), eq(moneyTransactions.id, options.transactionId)),
    );
}

/** Deletes a transaction, or both rows of a transfer when it is one. */
export async function deleteTransaction(
  db: Db,
  options: { userId: string; transactionId: string; transferId: string | null },
): Promise<void> {
  await db
    .delete(moneyTransactions)
    .where(
      and(
        eq(moneyTransactions.userId, options.userId),
        options.transferId
          ? eq(moneyTransactions.transferId, options.transferId)
          : eq(moneyTransactions.id, options.transactionId),
      ),
    );
}

// The register

/** Which rows the register and the export show; accounts and categories come checked and resolved. */
export type TransactionFilter = {
  userId: string;
  account?: { id: string; isSubAccount: boolean } | undefined;
  category?: 'none' | { id: string; isSubCategory: boolean } | undefined;
  type?: MoneyTransactionInputType | undefined;
  currencyId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  text?: string | undefined;
};

/** `%`, `_` and `\` are wildcards in LIKE; a search for them means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function filterConditions(filter: TransactionFilter): SQL[] {
  const t = moneyTransactions;
  const conditions: SQL[] = [eq(t.userId, filter.userId)];
  const { account, category } = filter;
  if (account) {
    conditions.push(account.isSubAccount ? eq(t.subAccountId, account.id) : eq(t.accountId, account.id));
  } else {
    // Without an account a transfer shows once, as money leaving its source.
    conditions.push(not(and(isNotNull(t.transferId), eq(t.type, 'income')) as SQL));
  }
  if (category === 'none') conditions.push(isNull(t.categoryId));
  else if (category) {
    conditions.push(
      category.isSubCategory ? eq(t.subCategoryId, category.id) : eq(t.categoryId, category.id),
    );
  }
  if (filter.type === 'transfer') conditions.push(isNotNull(t.transferId));
  else if (filter.type) conditions.push(eq(t.type, filter.type), isNull(t.transferId));
  if (filter.currencyId) conditions.push(eq(t.currencyId, filter.currencyId));
  if (filter.from) conditions.push(gte(t.date, filter.from));
  if (filter.to) conditions.push(lte(t.date, filter.to));
  if (filter.text) conditions.push(sql`${t.note} ilike ${`%${escapeLike(filter.text)}%`}`);
  return conditions;
}

export type TransactionSortKey = 'date' | 'amount' | 'createdAt';

/** What each sort orders by, and the SQL type a cursor's value is read back as. */
export const transactionSortColumns = {
  date: { column: moneyTransactions.date, cast: 'date' },
  amount: { column: moneyTransactions.amount, cast: 'numeric' },
  createdAt: { column: moneyTransactions.createdAt, cast: 'timestamptz' },
} as const satisfies Record<TransactionSortKey, { column: unknown; cast: string }>;

/**
 * One page of the register in the given order (ties by id); `after` is the last row of the page
 * before, as its sort value and id.
 */
export function findTransactionPage(
  db: Db,
  options: {
    filter: TransactionFilter;
    sort: TransactionSortKey;
    isDescending: boolean;
    after: [string, string] | undefined;
    limit: number;
  },
): Promise<TransactionListingRow[]> {
  const { column, cast } = transactionSortColumns[options.sort];
  const conditions = filterConditions(options.filter);
  if (options.after) {
    const [value, id] = options.after;
    const operator = sql.raw(options.isDescending ? '<' : '>');
    conditions.push(
      sql`(${column}, ${moneyTransactions.id}) ${operator} (${value}::${sql.raw(cast)}, ${id}::uuid)`,
    );
  }
  const direction = options.isDescending ? desc : asc;
  return selectListing(db)
    .where(and(...conditions))
    .orderBy(direction(column), direction(moneyTransactions.id))
    .limit(options.limit);
}

/** The first and last day with a transaction the filter shows; nulls when it shows none. */
export async function findDateRange(
  db: Db,
  filter: TransactionFilter,
): Promise<{ first: string | null; last: string | null }> {
  const [row] = await db
    .select({
      first: sql<string | null>`min(${moneyTransactions.date})::text`,
      last: sql<string | null>`max(${moneyTransactions.date})::text`,
    })
    .from(moneyTransactions)
    .where(and(...filterConditions(filter)));
  return { first: row?.first ?? null, last: row?.last ?? null };
}

// Import

export type ImportCandidateRow = Pick<TransactionRow, 'date' | 'type' | 'amount' | 'note'>;

/**
 * The transactions an imported row could repeat: on the account (on the sub-account when one is
 * given, else anywhere in the account), in the currency, within the days the file covers.
 */
export function findImportCandidates(
  db: Db,
  options: {
    userId: string;
    accountId: string;
    subAccountId: string | null;
    currencyId: string;
    from: string;
    to: string;
  },
): Promise<ImportCandidateRow[]> {
  const t = moneyTransactions;
  return db
    .select({ date: t.date, type: t.type, amount: t.amount, note: t.note })
    .from(t)
    .where(
      and(
        eq(t.userId, options.userId),
        eq(t.accountId, options.accountId),
        options.subAccountId ? eq(t.subAccountId, options.subAccountId) : undefined,
        eq(t.currencyId, options.currencyId),
        gte(t.date, options.from),
        lte(t.date, options.to),
      ),
    );
}
