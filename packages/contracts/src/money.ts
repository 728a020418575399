import { z } from 'zod';
import { calendarDaySchema, decimalSchema, idSchema, instantSchema, textSchema } from './common';

/**
 * The money flow tracker: accounts and categories (two-level trees), income, expense and transfer
 * transactions in any currency, balances and reports in the user's currency, recurring transactions
 * and CSV import/export. Amounts are decimal strings end to end, never floats.
 */

export const MONEY_NAME_MAX_LENGTH = 255;
export const MONEY_NOTE_MAX_LENGTH = 1000;
/** The exact text of the 400 for a transfer into its own source account (spec section 5). */
export const TRANSFER_DESTINATION_MESSAGE = 'Transfer requires a different destination account';
/** A CSV import carries the file's text in its body; larger files are split by the user. */
export const MONEY_IMPORT_MAX_CHARACTERS = 5_000_000;
export const MONEY_IMPORT_MAX_ROWS = 20_000;

/** An amount a user enters: a decimal greater than zero (the type says which way money moves). */
export const moneyAmountSchema = decimalSchema.refine(
  (value) => !value.startsWith('-') && /[1-9]/.test(value),
  'Amount must be greater than 0',
);

/**
 * A computed total (a balance, a month's spending): any number of digits, because the sum of many
 * numeric(20,6) amounts can outgrow one of them. Always a plain decimal string, never an exponent.
 */
export const decimalTotalSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

const nameSchema = textSchema()
  .trim()
  .min(1, 'Name is required')
  .max(MONEY_NAME_MAX_LENGTH, `Name must be ${MONEY_NAME_MAX_LENGTH} characters or less`);
const noteSchema = textSchema().max(
  MONEY_NOTE_MAX_LENGTH,
  `Note must be ${MONEY_NOTE_MAX_LENGTH} characters or less`,
);

// Accounts and categories: a top-level entry or a child of one (sub-account, sub-category).

export const moneyAccountSchema = z.object({
  id: idSchema,
  name: z.string(),
  parentId: idSchema.nullable(),
  /** The currency a new transaction in this account starts with; null means the user's currency. */
  currencyId: idSchema.nullable(),
  /** Transactions booked directly on this account or sub-account (a parent's count excludes its children's). */
  transactionCount: z.number().int(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type MoneyAccount = z.infer<typeof moneyAccountSchema>;
export const moneyAccountListSchema = z.object({ items: z.array(moneyAccountSchema) });
export type MoneyAccountList = z.infer<typeof moneyAccountListSchema>;

/** A parent must be a top-level account: sub-accounts have no sub-accounts (400 INVALID_PARENT). */
export const createMoneyAccountBodySchema = z.strictObject({
  name: nameSchema,
  parentId: idSchema.nullable().optional(),
  currencyId: idSchema.nullable().optional(),
});
export type CreateMoneyAccountBody = z.infer<typeof createMoneyAccountBodySchema>;
export const updateMoneyAccountBodySchema = createMoneyAccountBodySchema.partial();
export type UpdateMoneyAccountBody = z.infer<typeof updateMoneyAccountBodySchema>;

export const moneyCategorySchema = z.object({
  id: idSchema,
  name: z.string(),
  parentId: idSchema.nullable(),
  /** Transactions filed directly under this category or sub-category. */
  transactionCount: z.number().int(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type MoneyCategory = z.infer<typeof moneyCategorySchema>;
export const moneyCategoryListSchema = z.object({ items: z.array(moneyCategorySchema) });
export type MoneyCategoryList = z.infer<typeof moneyCategoryListSchema>;

/** GET /money/accounts: include=categories adds the categories (as GET /money/categories answers them). */
export const listMoneyAccountsQuerySchema = z.strictObject({ include: z.enum(['categories']).optional() });
export type ListMoneyAccountsQuery = z.infer<typeof listMoneyAccountsQuerySchema>;
export const moneyAccountListWithCategoriesSchema = moneyAccountListSchema.extend({
  categories: moneyCategoryListSchema.optional(),
});
export type MoneyAccountListWithCategories = z.infer<typeof moneyAccountListWithCategoriesSchema>;

export const createMoneyCategoryBodySchema = z.strictObject({
  name: nameSchema,
  parentId: idSchema.nullable().optional(),
});
export type CreateMoneyCategoryBody = z.infer<typeof createMoneyCategoryBodySchema>;
export const updateMoneyCategoryBodySchema = createMoneyCategoryBodySchema.partial();
export type UpdateMoneyCategoryBody = z.infer<typeof updateMoneyCategoryBodySchema>;

/**
 * POST /money/accounts/{id}/move-transactions: every transaction of the account and of its
 * sub-accounts goes to the target (a sub-account's land on the target itself), so the account can
 * then be deleted. Deleting an account or category that still has transactions (its own or its
 * children's) or recurring transactions answers 409 CONFLICT saying so and offering this move.
 */
export const moveMoneyAccountTransactionsBodySchema = z.strictObject({
  toAccountId: idSchema,
  toSubAccountId: idSchema.nullable().optional(),
});
export type MoveMoneyAccountTransactionsBody = z.infer<typeof moveMoneyAccountTransactionsBodySchema>;

/** POST /money/categories/{id}/move-transactions; a null target leaves them uncategorised. */
export const moveMoneyCategoryTransactionsBodySchema = z.strictObject({
  toCategoryId: idSchema.nullable(),
  toSubCategoryId: idSchema.nullable().optional(),
});
export type MoveMoneyCategoryTransactionsBody = z.infer<typeof moveMoneyCategoryTransactionsBodySchema>;

export const movedTransactionsSchema = z.object({ moved: z.number().int() });
export type MovedTransactions = z.infer<typeof movedTransactionsSchema>;

// Transactions

export const moneyTransactionTypes = ['income', 'expense'] as const;
export type MoneyTransactionType = (typeof moneyTransactionTypes)[number];
/** What a client may create: income, expense, or a transfer (stored as an expense and an income). */
export const moneyTransactionInputTypes = ['income', 'expense', 'transfer'] as const;
export type MoneyTransactionInputType = (typeof moneyTransactionInputTypes)[number];

/** The other side of a transfer, as the side being read sees it. */
export const transferCounterpartSchema = z.object({
  transactionId: idSchema,
  accountId: idSchema,
  subAccountId: idSchema.nullable(),
  amount: decimalSchema,
  currencyId: idSchema,
});
export type TransferCounterpart = z.infer<typeof transferCounterpartSchema>;

export const moneyTransactionSchema = z.object({
  id: idSchema,
  type: z.enum(moneyTransactionTypes),
  accountId: idSchema,
  subAccountId: idSchema.nullable(),
  /** Shared by the two rows of a transfer: the expense out of the source and the income into the destination. */
  transferId: idSchema.nullable(),
  transfer: transferCounterpartSchema.nullable(),
  amount: decimalSchema,
  currencyId: idSchema,
  date: calendarDaySchema,
  categoryId: idSchema.nullable(),
  subCategoryId: idSchema.nullable(),
  note: z.string(),
  /** The recurring transaction that posted it, if any. */
  recurringId: idSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type MoneyTransaction = z.infer<typeof moneyTransactionSchema>;
export const moneyTransactionPageSchema = z.object({
  items: z.array(moneyTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type MoneyTransactionPage = z.infer<typeof moneyTransactionPageSchema>;

/**
 * The fields of a transaction as a client writes them. A sub-account must be a child of the account
 * and a sub-category a child of the category (400 INVALID_PARENT otherwise). Another user's account,
 * category or an unknown currency is refused like a missing one (404 NOT_FOUND).
 *
 * For type transfer, accountId/subAccountId/amount/currencyId are the source (money out) and
 * accountToId/subAccountToId/amountTo/currencyToId the destination (money in). The destination must
 * differ from the source (400 with TRANSFER_DESTINATION_MESSAGE). currencyToId defaults to currencyId
 * and amountTo to amount; when the currencies differ, amountTo (the amount received) is required.
 */
const moneyTransactionFieldsSchema = z.strictObject({
  type: z.enum(moneyTransactionInputTypes),
  accountId: idSchema,
  subAccountId: idSchema.nullable().optional(),
  amount: moneyAmountSchema,
  currencyId: idSchema,
  date: calendarDaySchema,
  categoryId: idSchema.nullable().optional(),
  subCategoryId: idSchema.nullable().optional(),
  note: noteSchema.optional(),
  accountToId: idSchema.optional(),
  subAccountToId: idSchema.nullable().optional(),
  amountTo: moneyAmountSchema.optional(),
  currencyToId: idSchema.optional(),
});

type TransactionFields = Partial<z.infer<typeof moneyTransactionFieldsSchema>>;

/** Destination fields belong to transfers only. */
function checkTransferFields(value: TransactionFields, context: z.RefinementCtx): void {
  if (value.type === undefined || value.type === 'transfer') return;
  for (const key of ['accountToId', 'subAccountToId', 'amountTo', 'currencyToId'] as const) {
    if (value[key] !== undefined) {
      context.addIssue({ code: 'custom', path: [key], message: 'Only a transfer has a destination' });
    }
  }
}

export const createMoneyTransactionBodySchema = moneyTransactionFieldsSchema.superRefine((value, context) => {
  checkTransferFields(value, context);
  if (value.type === 'transfer' && value.accountToId === undefined) {
    context.addIssue({ code: 'custom', path: ['accountToId'], message: TRANSFER_DESTINATION_MESSAGE });
  }
});
export type CreateMoneyTransactionBody = z.infer<typeof createMoneyTransactionBodySchema>;

/**
 * PATCH /money/transactions/{id}. On either row of a transfer it edits the transfer as a whole, in
 * the create body's terms (accountId = source, accountToId = destination); date, category and note
 * apply to both rows. income and expense may swap; a transfer stays a transfer and a single
 * transaction cannot become one (400).
 */
export const updateMoneyTransactionBodySchema = moneyTransactionFieldsSchema
  .partial()
  .superRefine(checkTransferFields);
export type UpdateMoneyTransactionBody = z.infer<typeof updateMoneyTransactionBodySchema>;

export const moneyTransactionSorts = ['date', 'amount', 'createdAt'] as const;
export const moneyTransactionTypeFilters = ['income', 'expense', 'transfer'] as const;

/**
 * The register. accountId includes the account's sub-accounts and categoryId the category's
 * sub-categories ("none" for uncategorised). Without an account filter a transfer is listed once (its
 * expense side, with `transfer` naming the destination); with one, the side in that account. from and
 * to are inclusive calendar days; q searches the note. Newest date first unless told otherwise.
 */
export const listMoneyTransactionsQuerySchema = z.strictObject({
  accountId: idSchema.optional(),
  categoryId: z.union([idSchema, z.literal('none')]).optional(),
  type: z.enum(moneyTransactionTypeFilters).optional(),
  currencyId: idSchema.optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  q: textSchema().trim().min(1).max(200).optional(),
  sort: z.enum(moneyTransactionSorts).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  cursor: textSchema().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type ListMoneyTransactionsQuery = z.infer<typeof listMoneyTransactionsQuerySchema>;

/**
 * GET /money/transactions/export: the register's filters (no paging); answers text/csv (RFC 4180,
 * cells that a spreadsheet would read as a formula prefixed with '), every matching row.
 */
export const exportMoneyTransactionsQuerySchema = listMoneyTransactionsQuerySchema.omit({
  cursor: true,
  limit: true,
});
export type ExportMoneyTransactionsQuery = z.infer<typeof exportMoneyTransactionsQuerySchema>;

// Balances and reports: in the user's currency (users.currency), each transaction converted at the
// rate of its own date (the latest rate on or before it; the current rate when none is that old).

export const currencyAmountSchema = z.object({ currencyId: idSchema, amount: decimalTotalSchema });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

export const accountBalanceSchema = z.object({
  accountId: idSchema,
  /** Per currency held; a top-level account's figures include its sub-accounts'. */
  byCurrency: z.array(currencyAmountSchema),
  /** All of it in the user's currency. */
  converted: decimalTotalSchema,
});
export type AccountBalance = z.infer<typeof accountBalanceSchema>;

export const moneyBalancesQuerySchema = z.strictObject({
  /** Balances at the end of this day (inclusive); today in the user's time zone when left out. */
  date: calendarDaySchema.optional(),
});
export type MoneyBalancesQuery = z.infer<typeof moneyBalancesQuerySchema>;

export const moneyBalancesSchema = z.object({
  /** The user's currency, which every converted figure is in. */
  currencyId: idSchema,
  date: calendarDaySchema,
  /** Every account and sub-account, also those with nothing booked. */
  accounts: z.array(accountBalanceSchema),
  total: z.object({ byCurrency: z.array(currencyAmountSchema), converted: decimalTotalSchema }),
  /** Currencies converted at today's rate because no rate as old as some of their transactions is known. */
  currenciesWithoutHistory: z.array(idSchema),
});
export type MoneyBalances = z.infer<typeof moneyBalancesSchema>;

export const moneyRangeQuerySchema = z.strictObject({
  from: calendarDaySchema,
  to: calendarDaySchema,
  accountId: idSchema.optional(),
});
export type MoneyRangeQuery = z.infer<typeof moneyRangeQuerySchema>;

/** GET /money/balances/history: the converted balance at the end of each day of the range (net worth). */
export const moneyBalanceHistorySchema = z.object({
  currencyId: idSchema,
  points: z.array(z.object({ date: calendarDaySchema, balance: decimalTotalSchema })),
});
export type MoneyBalanceHistory = z.infer<typeof moneyBalanceHistorySchema>;

/** GET /money/reports/monthly: income and expense per calendar month of the range; transfers are left out. */
export const moneyMonthlyReportSchema = z.object({
  currencyId: idSchema,
  months: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string(),
      income: decimalTotalSchema,
      expense: decimalTotalSchema,
      net: decimalTotalSchema,
    }),
  ),
});
export type MoneyMonthlyReport = z.infer<typeof moneyMonthlyReportSchema>;

export const moneyCategoryReportQuerySchema = moneyRangeQuerySchema.extend({
  type: z.enum(moneyTransactionTypes).optional(),
});
export type MoneyCategoryReportQuery = z.infer<typeof moneyCategoryReportQuerySchema>;

/**
 * GET /money/reports/categories: totals per top-level category (its sub-categories rolled up and
 * also listed), largest first; categoryId null is the uncategorised total. Expense unless told.
 */
export const moneyCategoryReportSchema = z.object({
  currencyId: idSchema,
  type: z.enum(moneyTransactionTypes),
  total: decimalTotalSchema,
  items: z.array(
    z.object({
      categoryId: idSchema.nullable(),
      total: decimalTotalSchema,
      count: z.number().int(),
      subCategories: z.array(
        z.object({ categoryId: idSchema, total: decimalTotalSchema, count: z.number().int() }),
      ),
    }),
  ),
});
export type MoneyCategoryReport = z.infer<typeof moneyCategoryReportSchema>;

// Exchange rates: units of a currency per 1 USD, with their history.

export const rateSources = ['ecb', 'admin'] as const;
export const currencyRateSchema = z.object({
  date: calendarDaySchema,
  rate: decimalSchema,
  source: z.enum(rateSources),
});
export type CurrencyRate = z.infer<typeof currencyRateSchema>;
export const currencyRateHistorySchema = z.object({ items: z.array(currencyRateSchema) });
export type CurrencyRateHistory = z.infer<typeof currencyRateHistorySchema>;

export const currencyRatesQuerySchema = z.strictObject({
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
});

/** PUT /currencies/{id}/rate (administrators): the rate of a day, today (UTC) when left out. */
export const setCurrencyRateBodySchema = z.strictObject({
  rate: moneyAmountSchema,
  date: calendarDaySchema.optional(),
});
export type SetCurrencyRateBody = z.infer<typeof setCurrencyRateBodySchema>;

/** POST /currencies/rates/refresh (administrators): fetches RATES_URL now, as the daily job does. */
export const ratesRefreshResultSchema = z.object({
  /** The days the source published that were stored. */
  days: z.array(calendarDaySchema),
  currenciesUpdated: z.number().int(),
});
export type RatesRefreshResult = z.infer<typeof ratesRefreshResultSchema>;

// Recurring transactions: a template posted on each occurrence by the background jobs, exactly once.

/**
 * quickurrence is the recurrence options object of packages/recurrence (as tasks take it, same
 * validation and codes); its startDate gives the first occurrence's day in its timezone (the user's
 * when left out).
 */
export const moneyRecurringSchema = z.object({
  id: idSchema,
  type: z.enum(moneyTransactionInputTypes),
  accountId: idSchema,
  subAccountId: idSchema.nullable(),
  accountToId: idSchema.nullable(),
  subAccountToId: idSchema.nullable(),
  amount: decimalSchema,
  currencyId: idSchema,
  amountTo: decimalSchema.nullable(),
  currencyToId: idSchema.nullable(),
  categoryId: idSchema.nullable(),
  subCategoryId: idSchema.nullable(),
  note: z.string(),
  quickurrence: z.record(z.string(), z.unknown()),
  /** The rule in words, e.g. "Every month on the 1st". */
  description: z.string(),
  /** The next day to post; null once the series has ended. */
  nextDate: calendarDaySchema.nullable(),
  lastPostedDate: calendarDaySchema.nullable(),
  postedCount: z.number().int(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type MoneyRecurring = z.infer<typeof moneyRecurringSchema>;
export const moneyRecurringListSchema = z.object({ items: z.array(moneyRecurringSchema) });
export type MoneyRecurringList = z.infer<typeof moneyRecurringListSchema>;

const recurringFieldsSchema = moneyTransactionFieldsSchema.omit({ date: true }).extend({
  quickurrence: z.record(z.string(), z.unknown()),
});

/** Occurrences already due (start in the past) are posted right away, up to today. */
export const createMoneyRecurringBodySchema = recurringFieldsSchema.superRefine((value, context) => {
  checkTransferFields(value, context);
  if (value.type === 'transfer' && value.accountToId === undefined) {
    context.addIssue({ code: 'custom', path: ['accountToId'], message: TRANSFER_DESTINATION_MESSAGE });
  }
});
export type CreateMoneyRecurringBody = z.infer<typeof createMoneyRecurringBodySchema>;

/** Changes apply to occurrences not yet posted; posted transactions keep what they were posted with. */
export const updateMoneyRecurringBodySchema = recurringFieldsSchema
  .partial()
  .superRefine(checkTransferFields);
export type UpdateMoneyRecurringBody = z.infer<typeof updateMoneyRecurringBodySchema>;

export const upcomingMoneyQuerySchema = z.strictObject({
  /** Through this day (inclusive); 30 days from today when left out, at most a year. */
  to: calendarDaySchema.optional(),
});
export type UpcomingMoneyQuery = z.infer<typeof upcomingMoneyQuerySchema>;

/** GET /money/recurring/upcoming: the occurrences still to post, soonest first. */
export const upcomingMoneyTransactionsSchema = z.object({
  items: z.array(
    z.object({
      recurringId: idSchema,
      date: calendarDaySchema,
      type: z.enum(moneyTransactionInputTypes),
      accountId: idSchema,
      accountToId: idSchema.nullable(),
      amount: decimalSchema,
      currencyId: idSchema,
      categoryId: idSchema.nullable(),
      note: z.string(),
    }),
  ),
});
export type UpcomingMoneyTransactions = z.infer<typeof upcomingMoneyTransactionsSchema>;

/** POST /money/recurring/{id}/skip: that occurrence is never posted (it must be one still to come). */
export const skipMoneyOccurrenceBodySchema = z.strictObject({ date: calendarDaySchema });
export type SkipMoneyOccurrenceBody = z.infer<typeof skipMoneyOccurrenceBodySchema>;

// CSV import of a bank export

export const csvDateFormats = [
  'yyyy-MM-dd',
  'dd.MM.yyyy',
  'dd/MM/yyyy',
  'MM/dd/yyyy',
  'd.M.yyyy',
  'M/d/yyyy',
  'yyyyMMdd',
] as const;
export type CsvDateFormat = (typeof csvDateFormats)[number];
/** "." reads 1,234.56; "," reads 1.234,56. Spaces and currency symbols around the digits are ignored. */
export const csvDecimalSeparators = ['.', ','] as const;

/** Which column (0-based) holds what. Either amount (negative = expense) or debit and/or credit. */
export const csvColumnMappingSchema = z
  .strictObject({
    date: z.number().int().min(0).max(999),
    amount: z.number().int().min(0).max(999).optional(),
    debit: z.number().int().min(0).max(999).optional(),
    credit: z.number().int().min(0).max(999).optional(),
    note: z.number().int().min(0).max(999).optional(),
    /** A category name; "Parent: Child" names a sub-category. Unknown names are created. */
    category: z.number().int().min(0).max(999).optional(),
  })
  .refine(
    (mapping) => mapping.amount !== undefined || mapping.debit !== undefined || mapping.credit !== undefined,
    { message: 'Map an amount column, or debit and credit columns', path: ['amount'] },
  );
export type CsvColumnMapping = z.infer<typeof csvColumnMappingSchema>;

/**
 * POST /money/imports/preview and POST /money/imports take the same body. Without a mapping the
 * preview only reads the columns (to map them); with one, each row is read and compared with the
 * account's transactions: a row with the same date, type, amount, currency and note (ignoring case
 * and surrounding spaces) as an existing one is a duplicate (each existing one matches one row).
 * The import writes every new row in one database transaction and skips duplicates and invalid rows.
 */
export const moneyImportBodySchema = z.strictObject({
  csv: textSchema()
    .min(1, 'The file is empty')
    .max(MONEY_IMPORT_MAX_CHARACTERS, 'The file is larger than 5 MB'),
  accountId: idSchema,
  subAccountId: idSchema.nullable().optional(),
  currencyId: idSchema,
  hasHeader: z.boolean().optional(),
  /** Detected from the first line when left out. */
  delimiter: z.enum([',', ';', '\t', '|']).optional(),
  mapping: csvColumnMappingSchema.optional(),
  dateFormat: z.enum(csvDateFormats).optional(),
  decimalSeparator: z.enum(csvDecimalSeparators).optional(),
});
export type MoneyImportBody = z.infer<typeof moneyImportBodySchema>;

export const importRowStatuses = ['new', 'duplicate', 'invalid'] as const;
export const moneyImportPreviewSchema = z.object({
  /** The header's names, or "Column 1", "Column 2"… without one. */
  columns: z.array(z.string()),
  delimiter: z.string(),
  /** The first rows as they read (at most 200), each with what it would become when mapped. */
  rows: z.array(
    z.object({
      /** 1-based line of the file. */
      line: z.number().int(),
      cells: z.array(z.string()),
      status: z.enum(importRowStatuses).nullable(),
      error: z.string().nullable(),
      transaction: z
        .object({
          date: calendarDaySchema,
          type: z.enum(moneyTransactionTypes),
          amount: decimalSchema,
          note: z.string(),
          category: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  totalRows: z.number().int(),
  summary: z
    .object({ new: z.number().int(), duplicates: z.number().int(), invalid: z.number().int() })
    .nullable(),
});
export type MoneyImportPreview = z.infer<typeof moneyImportPreviewSchema>;

export const moneyImportResultSchema = z.object({
  created: z.number().int(),
  duplicatesSkipped: z.number().int(),
  invalidSkipped: z.number().int(),
  categoriesCreated: z.number().int(),
});
export type MoneyImportResult = z.infer<typeof moneyImportResultSchema>;
