import {
  type CreateMoneyTransactionBody,
  type ExportMoneyTransactionsQuery,
  type ListMoneyTransactionsQuery,
  type MoneyTransaction,
  type MoneyTransactionPage,
  TRANSFER_DESTINATION_MESSAGE,
  type UpdateMoneyTransactionBody,
} from '@cairn/contracts/money';
import { hasChanges } from '../../db/changes';
import { newId } from '../../db/ids';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { formatDecimal, parseDecimal } from '../../lib/decimal';
import { requireOwned } from '../../lib/require-owned';
import * as accounts from './accounts.repository';
import * as categories from './categories.repository';
import { decodeTransactionCursor, encodeTransactionCursor } from './transaction-cursor';
import { referenceGone, refusingBrokenReferences } from './transaction-db-errors';
import {
  type AccountReference,
  type CategoryReference,
  resolveAccountReference,
  resolveCategoryReference,
} from './transaction-references';
import type {
  TransactionFilter,
  TransactionListingRow,
  TransactionRow,
  TransactionSortKey,
} from './transactions.repository';
import * as repository from './transactions.repository';

/**
 * Transactions: income and expense on an account, and transfers between two accounts, stored as an
 * expense out of the source and an income into the destination sharing a transfer id, always
 * written, changed and deleted together.
 */

export type TransactionScope = { userId: string; transactionId: string };

const DEFAULT_PAGE_SIZE = 50;

export function toTransaction(row: TransactionListingRow): MoneyTransaction {
  const hasCounterpart =
    row.transferId !== null &&
    row.otherId !== null &&
    row.otherAccountId !== null &&
    row.otherAmount !== null &&
    row.otherCurrencyId !== null;
  return {
    id: row.id,
    type: row.type,
    accountId: row.accountId,
    subAccountId: row.subAccountId,
    transferId: row.transferId,
    transfer: hasCounterpart
      ? {
          transactionId: row.otherId as string,
          accountId: row.otherAccountId as string,
          subAccountId: row.otherSubAccountId,
          amount: formatDecimal(row.otherAmount as string),
          currencyId: row.otherCurrencyId as string,
        }
      : null,
    amount: formatDecimal(row.amount),
    currencyId: row.currencyId,
    date: row.date,
    categoryId: row.categoryId,
    subCategoryId: row.subCategoryId,
    note: row.note,
    recurringId: row.recurringId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function getTransaction(ctx: AppContext, scope: TransactionScope): Promise<MoneyTransaction> {
  return toTransaction(requireOwned(await repository.findTransaction(ctx.db, scope), 'Transaction'));
}

function transferToItself(): AppError {
  return new AppError('VALIDATION_FAILED', TRANSFER_DESTINATION_MESSAGE, {
    issues: [{ path: ['body', 'accountToId'], message: TRANSFER_DESTINATION_MESSAGE }],
  });
}

function amountReceivedRequired(): AppError {
  const message = 'Enter the amount received: the accounts are in different currencies';
  return new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', 'amountTo'], message }] });
}

/**
 * Creates an income, an expense, or a transfer (its two rows, in one database transaction). Works
 * inside a transaction the caller holds too, as recurring transactions post their occurrences.
 */
export async function createTransaction(
  ctx: AppContext,
  options: { userId: string; input: CreateMoneyTransactionBody; recurringId?: string },
): Promise<MoneyTransaction> {
  const { userId, input } = options;
  return inTransaction(ctx, async (tx) => {
    await accounts.lockMoneyTrees(tx.db, userId, 'read');
    const source = await resolveAccountReference(tx, {
      userId,
      accountId: input.accountId,
      subAccountId: input.subAccountId,
    });
    let destination: AccountReference | undefined;
    if (input.type === 'transfer') {
      // The contract asks for it; a caller inside the API (a recurring template) is held to it too.
      if (!input.accountToId) throw transferToItself();
      destination = await resolveAccountReference(tx, {
        userId,
        accountId: input.accountToId,
        subAccountId: input.subAccountToId,
      });
    }
    if (destination && destination.accountId === source.accountId) throw transferToItself();
    const category = await resolveCategoryReference(tx, {
      userId,
      categoryId: input.categoryId,
      subCategoryId: input.subCategoryId,
    });
    const currencyToId = input.currencyToId ?? input.currencyId;
    const now = tx.clock.now();
    const shared = {
      userId,
      date: input.date,
      ...category,
      note: input.note ?? '',
      recurringId: options.recurringId ?? null,
      createdAt: now,
      updatedAt: now,
    };
    if (!destination) {
      const { type } = input;
      if (type === 'transfer') throw new Error('a transfer always has a destination here');
      const row = await refusingBrokenReferences(
        () =>
          repository.insertTransaction(tx.db, {
            ...shared,
            ...source,
            type,
            amount: input.amount,
            currencyId: input.currencyId,
          }),
        referenceGone,
      );
      return getTransaction(tx, { userId, transactionId: row.id });
    }
    if (currencyToId !== input.currencyId && input.amountTo === undefined) throw amountReceivedRequired();
    const transferId = newId();
    const sent = await refusingBrokenReferences(async () => {
      const expense = await repository.insertTransaction(tx.db, {
        ...shared,
        ...source,
        type: 'expense',
        transferId,
        amount: input.amount,
        currencyId: input.currencyId,
      });
      await repository.insertTransaction(tx.db, {
        ...shared,
        ...destination,
        type: 'income',
        transferId,
        amount: input.amountTo ?? input.amount,
        currencyId: currencyToId,
      });
      return expense;
    }, referenceGone);
    return getTransaction(tx, { userId, transactionId: sent.id });
  });
}

/** An account a change names, else the current one; a new account drops the old one's sub-account. */
async function mergeAccount(
  ctx: AppContext,
  options: {
    userId: string;
    current: AccountReference;
    accountId: string | undefined;
    subAccountId: string | null | undefined;
  },
): Promise<AccountReference> {
  const { current } = options;
  if (options.accountId === undefined && options.subAccountId === undefined) {
    return { accountId: current.accountId, subAccountId: current.subAccountId };
  }
  const accountId = options.accountId ?? current.accountId;
  const subAccountId =
    options.subAccountId !== undefined
      ? options.subAccountId
      : accountId === current.accountId
        ? current.subAccountId
        : null;
  return resolveAccountReference(ctx, { userId: options.userId, accountId, subAccountId });
}

async function mergeCategory(
  ctx: AppContext,
  options: {
    userId: string;
    current: CategoryReference;
    categoryId: string | null | undefined;
    subCategoryId: string | null | undefined;
  },
): Promise<CategoryReference> {
  const { current } = options;
  if (options.categoryId === undefined && options.subCategoryId === undefined) {
    return { categoryId: current.categoryId, subCategoryId: current.subCategoryId };
  }
  const categoryId = options.categoryId !== undefined ? options.categoryId : current.categoryId;
  const subCategoryId =
    options.subCategoryId !== undefined
      ? options.subCategoryId
      : categoryId === current.categoryId
        ? current.subCategoryId
        : null;
  return resolveCategoryReference(ctx, { userId: options.userId, categoryId, subCategoryId });
}

const destinationFields = ['accountToId', 'subAccountToId', 'amountTo', 'currencyToId'] as const;

async function updateSingle(
  ctx: AppContext,
  options: { userId: string; row: TransactionRow; changes: UpdateMoneyTransactionBody },
): Promise<void> {
  const { userId, row, changes } = options;
  const { type } = changes;
  if (type === 'transfer' || destinationFields.some((field) => changes[field] !== undefined)) {
    const message = 'An income or expense cannot become a transfer; delete it and enter the transfer';
    throw new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', 'type'], message }] });
  }
  const account = await mergeAccount(ctx, {
    userId,
    current: row,
    accountId: changes.accountId,
    subAccountId: changes.subAccountId,
  });
  const category = await mergeCategory(ctx, {
    userId,
    current: row,
    categoryId: changes.categoryId,
    subCategoryId: changes.subCategoryId,
  });
  const write = () =>
    repository.updateTransaction(ctx.db, {
      userId,
      transactionId: row.id,
      changes: {
        type,
        ...account,
        amount: changes.amount,
        currencyId: changes.currencyId,
        date: changes.date,
        ...category,
        note: changes.note,
      },
      at: ctx.clock.now(),
    });
  await refusingBrokenReferences(write, referenceGone);
}

/**
 * Edits a transfer as a whole, in the create body's terms, whichever of its rows was named. The
 * amount received follows the amount sent while both are in one currency and were equal; a change
 * that puts the two sides in different currencies needs the amount received.
 */
async function updateTransfer(
  ctx: AppContext,
  options: {
    userId: string;
    source: TransactionRow;
    destination: TransactionRow;
    changes: UpdateMoneyTransactionBody;
  },
): Promise<void> {
  const { userId, source, destination, changes } = options;
  if (changes.type !== undefined && changes.type !== 'transfer') {
    const message = 'A transfer stays a transfer; delete it to enter an income or expense instead';
    throw new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', 'type'], message }] });
  }
  const from = await mergeAccount(ctx, {
    userId,
    current: source,
    accountId: changes.accountId,
    subAccountId: changes.subAccountId,
  });
  const to = await mergeAccount(ctx, {
    userId,
    current: destination,
    accountId: changes.accountToId,
    subAccountId: changes.subAccountToId,
  });
  if (from.accountId === to.accountId) throw transferToItself();
  const category = await mergeCategory(ctx, {
    userId,
    current: source,
    categoryId: changes.categoryId,
    subCategoryId: changes.subCategoryId,
  });
  const wasOneCurrency = source.currencyId === destination.currencyId;
  const currencyId = changes.currencyId ?? source.currencyId;
  const currencyToId =
    changes.currencyToId ??
    (wasOneCurrency && changes.currencyId !== undefined ? currencyId : destination.currencyId);
  const amount = changes.amount ?? source.amount;
  let amountTo = changes.amountTo;
  if (amountTo === undefined) {
    if (currencyId !== currencyToId) {
      if (wasOneCurrency) throw amountReceivedRequired();
      amountTo = destination.amount;
    } else {
      const wasMirrored = wasOneCurrency && parseDecimal(source.amount).eq(parseDecimal(destination.amount));
      amountTo = wasMirrored || !wasOneCurrency ? amount : destination.amount;
    }
  }
  const at = ctx.clock.now();
  const shared = { date: changes.date, ...category, note: changes.note };
  await refusingBrokenReferences(async () => {
    await repository.updateTransaction(ctx.db, {
      userId,
      transactionId: source.id,
      changes: { ...shared, ...from, amount, currencyId },
      at,
    });
    await repository.updateTransaction(ctx.db, {
      userId,
      transactionId: destination.id,
      changes: { ...shared, ...to, amount: amountTo, currencyId: currencyToId },
      at,
    });
  }, referenceGone);
}

/** Changes part of a transaction; on either row of a transfer, the transfer (both rows). */
export async function updateTransaction(
  ctx: AppContext,
  options: TransactionScope & { changes: UpdateMoneyTransactionBody },
): Promise<MoneyTransaction> {
  const { userId, changes } = options;
  // An empty change is a valid request that changes nothing, not even the time of the last change.
  if (!hasChanges(changes)) return getTransaction(ctx, options);
  return inTransaction(ctx, async (tx) => {
    await accounts.lockMoneyTrees(tx.db, userId, 'read');
    const row = requireOwned(await repository.findTransactionForUpdate(tx.db, options), 'Transaction');
    if (!row.transferId) {
      await updateSingle(tx, { userId, row, changes });
      return getTransaction(tx, options);
    }
    const [source, destination] = await repository.findTransferRows(tx.db, {
      userId,
      transferId: row.transferId,
      isForUpdate: true,
    });
    if (source?.type !== 'expense' || destination?.type !== 'income') {
      throw new Error(`transfer ${row.transferId} does not have its two rows`);
    }
    await updateTransfer(tx, { userId, source, destination, changes });
    return getTransaction(tx, options);
  });
}

/** Deletes a transaction; either row of a transfer deletes the transfer. */
export async function deleteTransaction(ctx: AppContext, scope: TransactionScope): Promise<void> {
  const row = requireOwned(await repository.findTransaction(ctx.db, scope), 'Transaction');
  await repository.deleteTransaction(ctx.db, { ...scope, transferId: row.transferId });
}

// The register

/** The register's filters with the account and category checked (404 for another user's) and resolved. */
export async function resolveTransactionFilter(
  ctx: AppContext,
  options: { userId: string; query: ExportMoneyTransactionsQuery },
): Promise<TransactionFilter> {
  const { userId, query } = options;
  const [account, category] = await Promise.all([
    query.accountId ? accounts.findAccount(ctx.db, { userId, accountId: query.accountId }) : undefined,
    query.categoryId && query.categoryId !== 'none'
      ? categories.findCategory(ctx.db, { userId, categoryId: query.categoryId })
      : undefined,
  ]);
  if (query.accountId && !account) throw notFound('Account');
  if (query.categoryId && query.categoryId !== 'none' && !category) throw notFound('Category');
  return {
    userId,
    account: account ? { id: account.id, isSubAccount: account.parentId !== null } : undefined,
    category:
      query.categoryId === 'none'
        ? 'none'
        : category
          ? { id: category.id, isSubCategory: category.parentId !== null }
          : undefined,
    type: query.type,
    currencyId: query.currencyId,
    from: query.from,
    to: query.to,
    text: query.q,
  };
}

/** A row's value in the sort order, as a cursor carries it. */
export function toSortValue(row: TransactionListingRow, sort: TransactionSortKey): string {
  switch (sort) {
    case 'date':
      return row.date;
    case 'amount':
      return row.amount;
    case 'createdAt':
      return row.createdAt.toISOString();
  }
}

/** One page of the register: newest day first unless told otherwise. */
export async function findTransactions(
  ctx: AppContext,
  options: { userId: string; query: ListMoneyTransactionsQuery },
): Promise<MoneyTransactionPage> {
  const { query } = options;
  const filter = await resolveTransactionFilter(ctx, options);
  const sort = query.sort ?? 'date';
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await repository.findTransactionPage(ctx.db, {
    filter,
    sort,
    isDescending: (query.order ?? 'desc') === 'desc',
    after: query.cursor ? decodeTransactionCursor(query.cursor, sort) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toTransaction),
    nextCursor:
      rows.length > limit && last ? encodeTransactionCursor([toSortValue(last, sort), last.id]) : null,
  };
}
