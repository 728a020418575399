import type {
  CreateMoneyTransactionBody,
  MoneyTransaction,
  MoneyTransactionPage,
} from '@cairn/contracts/money';
import type { InfiniteData } from '@tanstack/react-query';
import type { RegisterFilters } from '../page/money-search';

/** Ids of rows shown before the server has answered; they take no edits. */
const PROVISIONAL_PREFIX = 'provisional-';
let provisionalCount = 0;

export function isProvisional(transaction: Pick<MoneyTransaction, 'id'>): boolean {
  return transaction.id.startsWith(PROVISIONAL_PREFIX);
}

/**
 * The row a new transaction will be, as the register shows it before the server answers: a transfer
 * as its expense side, naming the destination (how an unfiltered register lists it).
 */
export function toProvisionalTransaction(body: CreateMoneyTransactionBody, now: Date): MoneyTransaction {
  provisionalCount += 1;
  const id = `${PROVISIONAL_PREFIX}${provisionalCount}`;
  const isTransfer = body.type === 'transfer';
  return {
    id,
    type: body.type === 'income' ? 'income' : 'expense',
    accountId: body.accountId,
    subAccountId: body.subAccountId ?? null,
    transferId: isTransfer ? id : null,
    transfer:
      isTransfer && body.accountToId
        ? {
            transactionId: id,
            accountId: body.accountToId,
            subAccountId: body.subAccountToId ?? null,
            amount: body.amountTo ?? body.amount,
            currencyId: body.currencyToId ?? body.currencyId,
          }
        : null,
    amount: body.amount,
    currencyId: body.currencyId,
    date: body.date,
    categoryId: body.categoryId ?? null,
    subCategoryId: body.subCategoryId ?? null,
    note: body.note ?? '',
    recurringId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Whether the row belongs in a register listing with these filters; undefined when only the server
 * can tell (a text search, or an account filter naming a transfer's destination, whose row there is
 * the other side).
 */
export function isInRegister(transaction: MoneyTransaction, filters: RegisterFilters): boolean | undefined {
  if (filters.q !== undefined) return undefined;
  if (filters.accountId !== undefined) {
    const isHere =
      transaction.accountId === filters.accountId || transaction.subAccountId === filters.accountId;
    if (!isHere) {
      const destination = transaction.transfer;
      const isDestination =
        destination?.accountId === filters.accountId || destination?.subAccountId === filters.accountId;
      return isDestination ? undefined : false;
    }
  }
  if (filters.categoryId === 'none' && transaction.categoryId !== null) return false;
  if (
    filters.categoryId !== undefined &&
    filters.categoryId !== 'none' &&
    transaction.categoryId !== filters.categoryId &&
    transaction.subCategoryId !== filters.categoryId
  )
    return false;
  if (filters.type === 'transfer' && transaction.transferId === null) return false;
  if ((filters.type === 'income' || filters.type === 'expense') && transaction.transferId !== null)
    return false;
  if ((filters.type === 'income' || filters.type === 'expense') && transaction.type !== filters.type)
    return false;
  if (filters.from !== undefined && transaction.date < filters.from) return false;
  if (filters.to !== undefined && transaction.date > filters.to) return false;
  return true;
}

export type RegisterData = InfiniteData<MoneyTransactionPage, string | null>;

const holdsRow = (data: RegisterData, id: string) =>
  data.pages.some((page) => page.items.some((item) => item.id === id));

/**
 * The listing with the row at the place the server's order gives it, when that place is among the
 * loaded rows; unchanged otherwise (the refetch that follows every write brings it). Sorting by amount
 * compares decimals, which only the server does, so such listings wait for it.
 */
export function withTransactionInserted(
  data: RegisterData,
  transaction: MoneyTransaction,
  filters: RegisterFilters,
): RegisterData {
  const sort = filters.sort ?? 'date';
  const order = filters.order ?? 'desc';
  if (sort === 'amount') return data;
  const isComplete = (data.pages.at(-1)?.nextCursor ?? null) === null;
  // A new row is the newest added, so it comes first among rows of its day when newest comes first.
  const goesBefore = (item: MoneyTransaction): boolean => {
    if (sort === 'createdAt') return order === 'desc';
    return order === 'desc' ? item.date <= transaction.date : item.date > transaction.date;
  };
  const pages = data.pages.map((page) => ({ ...page, items: [...page.items] }));
  for (const page of pages) {
    const index = page.items.findIndex(goesBefore);
    if (index >= 0) {
      page.items.splice(index, 0, transaction);
      return { ...data, pages };
    }
  }
  const lastPage = pages.at(-1);
  if (!isComplete || !lastPage) return data;
  lastPage.items.push(transaction);
  return { ...data, pages };
}

/**
 * The listing with the server's copy of an edited row in its old place, or undefined when only the
 * server can say where it goes now: a row whose date or amount moves it in this sort, one the filters
 * may no longer take, or a transfer whose other side (changed with it) is in the listing too.
 */
export function withTransactionReplaced(
  data: RegisterData,
  transaction: MoneyTransaction,
  filters: RegisterFilters,
): RegisterData | undefined {
  let previous: MoneyTransaction | undefined;
  for (const page of data.pages) {
    previous = page.items.find((item) => item.id === transaction.id);
    if (previous) break;
  }
  if (!previous) return isInRegister(transaction, filters) === false ? data : undefined;
  if (previous.transferId !== transaction.transferId) return undefined;
  const otherSide = transaction.transfer?.transactionId;
  if (transaction.transferId !== null && (!otherSide || holdsRow(data, otherSide))) return undefined;
  const sort = filters.sort ?? 'date';
  if (sort === 'date' && previous.date !== transaction.date) return undefined;
  if (sort === 'amount' && previous.amount !== transaction.amount) return undefined;
  if (isInRegister(transaction, filters) !== true) return undefined;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === transaction.id ? transaction : item)),
    })),
  };
}
