import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { decimal, idColumn, instant, timestamps } from '../../db/columns';
import { currencies } from '../currencies/currencies.table';
import { users } from '../users/users.table';

/**
 * The money flow tracker (spec: mft_accounts, mft_categories, mft_transactions). Every table is keyed
 * by (user_id, id) and refers to its neighbours through user_id too, so a row can only ever point at
 * rows of its own user, whatever a query forgets.
 */

/** Two levels: a top-level account or a sub-account of one (parent_id). */
export const moneyAccounts = pgTable(
  'money_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    /** What a new transaction in the account starts with; null means the user's currency. */
    currencyId: uuid('currency_id').references(() => currencies.id),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    // A parent goes only once it and its sub-accounts have no transactions, so the cascade takes empty ones.
    foreignKey({
      name: 'money_accounts_parent_fkey',
      columns: [table.userId, table.parentId],
      foreignColumns: [table.userId, table.id],
    }).onDelete('cascade'),
    index('money_accounts_user_parent_idx').on(table.userId, table.parentId),
  ],
);

export const moneyCategories = pgTable(
  'money_categories',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    foreignKey({
      name: 'money_categories_parent_fkey',
      columns: [table.userId, table.parentId],
      foreignColumns: [table.userId, table.id],
    }).onDelete('cascade'),
    index('money_categories_user_parent_idx').on(table.userId, table.parentId),
  ],
);

/**
 * A template whose occurrences the background jobs post as transactions. next_date is the next day
 * to post (null once the series has ended); the job looks due ones up across users by it.
 */
export const moneyRecurring = pgTable(
  'money_recurring',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    type: text('type', { enum: ['income', 'expense', 'transfer'] }).notNull(),
    accountId: uuid('account_id').notNull(),
    subAccountId: uuid('sub_account_id'),
    accountToId: uuid('account_to_id'),
    subAccountToId: uuid('sub_account_to_id'),
    amount: decimal('amount').notNull(),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id),
    amountTo: decimal('amount_to'),
    currencyToId: uuid('currency_to_id').references(() => currencies.id),
    categoryId: uuid('category_id'),
    subCategoryId: uuid('sub_category_id'),
    note: text('note').notNull().default(''),
    quickurrence: jsonb('quickurrence').notNull(),
    nextDate: date('next_date', { mode: 'string' }),
    lastPostedDate: date('last_posted_date', { mode: 'string' }),
    postedCount: integer('posted_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    // Accounts and categories with a recurring transaction are not deleted (the service says so first).
    foreignKey({
      name: 'money_recurring_account_fkey',
      columns: [table.userId, table.accountId],
      foreignColumns: [moneyAccounts.userId, moneyAccounts.id],
    }),
    foreignKey({
      name: 'money_recurring_sub_account_fkey',
      columns: [table.userId, table.subAccountId],
      foreignColumns: [moneyAccounts.userId, moneyAccounts.id],
    }),
    foreignKey({
      name: 'money_recurring_account_to_fkey',
      columns: [table.userId, table.accountToId],
      foreignColumns: [moneyAccounts.userId, moneyAccounts.id],
    }),
    foreignKey({
      name: 'money_recurring_sub_account_to_fkey',
      columns: [table.userId, table.subAccountToId],
      foreignColumns: [moneyAccounts.userId, moneyAccounts.id],
    }),
    foreignKey({
      name: 'money_recurring_category_fkey',
      columns: [table.userId, table.categoryId],
      foreignColumns: [moneyCategories.userId, moneyCategories.id],
    }),
    foreignKey({
      name: 'money_recurring_sub_category_fkey',
      columns: [table.userId, table.subCategoryId],
      foreignColumns: [moneyCategories.userId, moneyCategories.id],
    }),
    check('money_recurring_amount_positive', sql`${table.amount} > 0`),
    index('money_recurring_due_idx').on(table.nextDate).where(sql`${table.nextDate} is not null`),
    index('money_recurring_user_idx').on(table.userId, table.nextDate),
  ],
);

/**
 * One row per occurrence a recurring transaction has posted: the key makes posting exactly once,
 * whichever runner (or API process) gets there first; the loser's insert finds it and posts nothing.
 */
export const moneyRecurringPostings = pgTable(
  'money_recurring_postings',
  {
    userId: uuid('user_id').notNull(),
    recurringId: uuid('recurring_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    postedAt: instant('posted_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.recurringId, table.date] }),
    foreignKey({
      name: 'money_recurring_postings_recurring_fkey',
      columns: [table.userId, table.recurringId],
      foreignColumns: [moneyRecurring.userId, moneyRecurring.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Income or expense on an account (and optionally one of its sub-accounts). A transfer is two rows
 * sharing transfer_id: an expense out of the source and an income into the destination.
 */
export const moneyTransactions = pgTable(
  'money_transactions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    type: text('type', { enum: ['income', 'expense'] }).notNull(),
    accountId: uuid('account_id').notNull(),
    subAccountId: uuid('sub_account_id'),
    transferId: uuid('transfer_id'),
    amount: decimal('amount').notNull(),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id),
    date: date('date', { mode: 'string' }).notNull(),
    categoryId: uuid('category_id'),
    subCategoryId: uuid('sub_category_id'),
    note: text('note').notNull().default(''),
    /** The recurring transaction that posted it; cleared when that is deleted. */
    recurringId: uuid('recurring_id'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    foreignKey({
      name: 'money_transactions_account_fkey',
      columns: [table.userId, table.accountId],
      foreignColumns: [moneyAccounts.userId, moneyAccounts.id],
    }),
    foreignKey({
      name: 'money_transactions_sub_account_fkey',
      columns: [table.userId, table.subAccountId],
      foreignColumns: [moneyAccounts.userId, moneyAccounts.id],
    }),
    foreignKey({
      name: 'money_transactions_category_fkey',
      columns: [table.userId, table.categoryId],
      foreignColumns: [moneyCategories.userId, moneyCategories.id],
    }),
    foreignKey({
      name: 'money_transactions_sub_category_fkey',
      columns: [table.userId, table.subCategoryId],
      foreignColumns: [moneyCategories.userId, moneyCategories.id],
    }),
    foreignKey({
      name: 'money_transactions_recurring_fkey',
      columns: [table.userId, table.recurringId],
      foreignColumns: [moneyRecurring.userId, moneyRecurring.id],
    }),
    check('money_transactions_amount_positive', sql`${table.amount} > 0`),
    // The register: newest first, a page walking the index in order.
    index('money_transactions_user_date_idx').on(table.userId, table.date, table.id),
    // Balances, the monthly report and an account's register; covering, so the sums read the index
    // alone (a sub-account and a transfer are null on most rows, which costs an index nothing).
    index('money_transactions_account_idx').on(
      table.userId,
      table.accountId,
      table.date,
      table.currencyId,
      table.type,
      table.amount,
      table.subAccountId,
      table.transferId,
    ),
    index('money_transactions_sub_account_idx')
      .on(table.userId, table.subAccountId)
      .where(sql`${table.subAccountId} is not null`),
    index('money_transactions_category_idx').on(table.userId, table.categoryId),
    index('money_transactions_sub_category_idx')
      .on(table.userId, table.subCategoryId)
      .where(sql`${table.subCategoryId} is not null`),
    index('money_transactions_transfer_idx')
      .on(table.userId, table.transferId)
      .where(sql`${table.transferId} is not null`),
    index('money_transactions_recurring_idx')
      .on(table.userId, table.recurringId)
      .where(sql`${table.recurringId} is not null`),
  ],
);
