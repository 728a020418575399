import type {
  CreateMoneyTransactionBody,
  MoneyAccount,
  MoneyCategory,
  MoneyTransaction,
  MoneyTransactionInputType,
  UpdateMoneyTransactionBody,
} from '@cairn/contracts/money';
import { splitTreeChoice } from '../shared/money-tree';
import { parseAmount } from '../shared/parse-amount';

/**
 * A transaction as its form holds it. Accounts and categories are single picks from their trees (a
 * sub-account's or sub-category's id), split into parent and child when sent.
 */
export interface TransactionDraft {
  type: MoneyTransactionInputType;
  /** YYYY-MM-DD */
  date: string;
  /** As typed: "1,234.50". */
  amount: string;
  accountId: string;
  currencyId: string;
  /** '' for none. */
  categoryId: string;
  note: string;
  /** A transfer's destination. */
  accountToId: string;
  /** What the destination receives, when its currency differs. */
  amountTo: string;
  currencyToId: string;
}

export type DraftField = keyof TransactionDraft;
export type DraftErrors = Partial<Record<DraftField, string>>;

export interface DraftContext {
  accounts: readonly MoneyAccount[];
  categories: readonly MoneyCategory[];
  /** The user's currency's id: what an account without its own currency starts with. */
  userCurrencyId: string | undefined;
}

/** The currency a transaction in the account starts with: the account's own, else its parent's, else the user's. */
export function defaultCurrencyOf(accountId: string, context: DraftContext): string {
  const account = context.accounts.find((entry) => entry.id === accountId);
  const parent = account?.parentId
    ? context.accounts.find((entry) => entry.id === account.parentId)
    : undefined;
  return account?.currencyId ?? parent?.currencyId ?? context.userCurrencyId ?? '';
}

/** A blank entry for the day, in the account last used (or the first one). */
export function emptyDraft(
  options: { date: string; type?: MoneyTransactionInputType; accountId?: string },
  context: DraftContext,
): TransactionDraft {
  const accountId =
    options.accountId && context.accounts.some((account) => account.id === options.accountId)
      ? options.accountId
      : (context.accounts.find((account) => account.parentId === null)?.id ?? '');
  const currencyId = accountId ? defaultCurrencyOf(accountId, context) : (context.userCurrencyId ?? '');
  return {
    type: options.type ?? 'expense',
    date: options.date,
    amount: '',
    accountId,
    currencyId,
    categoryId: '',
    note: '',
    accountToId: '',
    amountTo: '',
    currencyToId: '',
  };
}

/** What changing one field does to the others: an account brings its currency with it. */
export function withField<Field extends DraftField>(
  draft: TransactionDraft,
  field: Field,
  value: TransactionDraft[Field],
  context: DraftContext,
): TransactionDraft {
  const next = { ...draft, [field]: value };
  if (field === 'accountId') next.currencyId = defaultCurrencyOf(next.accountId, context);
  if (field === 'accountToId')
    next.currencyToId = next.accountToId ? defaultCurrencyOf(next.accountToId, context) : '';
  return next;
}

/** Whether the transfer's two sides are in different currencies, so the amount received is asked for. */
export function needsAmountReceived(draft: TransactionDraft): boolean {
  return draft.type === 'transfer' && draft.currencyToId !== '' && draft.currencyToId !== draft.currencyId;
}

/** The form's entries, checked and shaped as the API takes them; or what is wrong with them. */
export function toTransactionBody(
  draft: TransactionDraft,
  context: DraftContext,
): { body: CreateMoneyTransactionBody; errors?: undefined } | { body?: undefined; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const amount = parseAmount(draft.amount);
  if (amount.error) errors.amount = amount.error;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) errors.date = 'Choose a date';
  const account = splitTreeChoice(draft.accountId, context.accounts);
  if (!account) errors.accountId = 'Choose an account';
  if (!draft.currencyId) errors.currencyId = 'Choose a currency';
  const category = splitTreeChoice(draft.categoryId, context.categories);
  const isTransfer = draft.type === 'transfer';
  const destination = isTransfer ? splitTreeChoice(draft.accountToId, context.accounts) : null;
  if (isTransfer && !destination) errors.accountToId = 'Choose the account the money goes to';
  const amountTo = needsAmountReceived(draft) ? parseAmount(draft.amountTo) : undefined;
  if (amountTo?.error) errors.amountTo = amountTo.error;
  if (Object.keys(errors).length > 0 || !amount.amount || !account) return { errors };

  const note = draft.note.trim();
  const body: CreateMoneyTransactionBody = {
    type: draft.type,
    date: draft.date,
    amount: amount.amount,
    accountId: account.parentId,
    subAccountId: account.childId,
    currencyId: draft.currencyId,
    categoryId: category?.parentId ?? null,
    subCategoryId: category?.childId ?? null,
    note,
  };
  if (isTransfer && destination) {
    body.accountToId = destination.parentId;
    body.subAccountToId = destination.childId;
    body.currencyToId = draft.currencyToId || draft.currencyId;
    if (amountTo?.amount) body.amountTo = amountTo.amount;
  }
  return { body };
}

/**
 * An edit as the API takes it. A transfer stays one, so its type is left out; income and expense may
 * swap. Every field is sent: the form shows them all.
 */
export function toUpdateBody(body: CreateMoneyTransactionBody): UpdateMoneyTransactionBody {
  if (body.type !== 'transfer') return body;
  const { type: _transfer, ...rest } = body;
  return rest;
}

/** The sides of a transfer row, whichever side the register shows. */
export function transferSides(transaction: MoneyTransaction) {
  const counterpart = transaction.transfer;
  const shown = {
    accountId: transaction.accountId,
    subAccountId: transaction.subAccountId,
    amount: transaction.amount,
    currencyId: transaction.currencyId,
  };
  if (!counterpart) return { source: shown, destination: undefined };
  const other = {
    accountId: counterpart.accountId,
    subAccountId: counterpart.subAccountId,
    amount: counterpart.amount,
    currencyId: counterpart.currencyId,
  };
  return transaction.type === 'expense'
    ? { source: shown, destination: other }
    : { source: other, destination: shown };
}

/** A saved transaction as the edit form holds it. */
export function draftFromTransaction(transaction: MoneyTransaction): TransactionDraft {
  const categoryId = transaction.subCategoryId ?? transaction.categoryId ?? '';
  const base = {
    date: transaction.date,
    categoryId,
    note: transaction.note,
  };
  if (transaction.transferId === null) {
    return {
      ...base,
      type: transaction.type,
      amount: transaction.amount,
      accountId: transaction.subAccountId ?? transaction.accountId,
      currencyId: transaction.currencyId,
      accountToId: '',
      amountTo: '',
      currencyToId: '',
    };
  }
  const { source, destination } = transferSides(transaction);
  return {
    ...base,
    type: 'transfer',
    amount: source.amount,
    accountId: source.subAccountId ?? source.accountId,
    currencyId: source.currencyId,
    accountToId: destination ? (destination.subAccountId ?? destination.accountId) : '',
    amountTo: destination && destination.currencyId !== source.currencyId ? destination.amount : '',
    currencyToId: destination?.currencyId ?? '',
  };
}
