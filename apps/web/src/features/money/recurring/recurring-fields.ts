import {
  type CreateMoneyRecurringBody,
  MONEY_NOTE_MAX_LENGTH,
  type MoneyRecurring,
  type MoneyTransactionInputType,
  TRANSFER_DESTINATION_MESSAGE,
} from '@cairn/contracts/money';
import type { StoredRecurrenceOptions } from '@cairn/recurrence';
import { joinTreeChoice, type MoneyTreeItem, splitTreeChoice } from '../shared/money-tree';
import { parseAmount } from '../shared/parse-amount';

/** What a recurring transaction posts, as the dialog's fields hold it. */
export interface RecurringFields {
  type: MoneyTransactionInputType;
  /** The account or sub-account picked (a transfer's source); '' for none. */
  account: string;
  /** A transfer's destination account or sub-account. */
  accountTo: string;
  amount: string;
  currencyId: string;
  /** A transfer between currencies: the amount received. */
  amountTo: string;
  currencyToId: string;
  /** The category or sub-category picked; '' for none. */
  category: string;
  note: string;
}

export type RecurringFieldErrors = Partial<Record<keyof RecurringFields, string>>;

export function createRecurringFields(defaults: { account: string; currencyId: string }): RecurringFields {
  return {
    type: 'expense',
    account: defaults.account,
    accountTo: '',
    amount: '',
    currencyId: defaults.currencyId,
    amountTo: '',
    currencyToId: defaults.currencyId,
    category: '',
    note: '',
  };
}

/** "120.500000" → "120.5": an amount as a person would type it. */
function trimDecimal(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

/** A stored recurring transaction's fields, as the dialog edits them. */
export function readRecurringFields(recurring: MoneyRecurring): RecurringFields {
  return {
    type: recurring.type,
    account: joinTreeChoice(recurring.accountId, recurring.subAccountId) ?? '',
    accountTo: joinTreeChoice(recurring.accountToId, recurring.subAccountToId) ?? '',
    amount: trimDecimal(recurring.amount),
    currencyId: recurring.currencyId,
    amountTo: recurring.amountTo ? trimDecimal(recurring.amountTo) : '',
    currencyToId: recurring.currencyToId ?? recurring.currencyId,
    category: joinTreeChoice(recurring.categoryId, recurring.subCategoryId) ?? '',
    note: recurring.note,
  };
}

/** Whether a transfer moves money between currencies, so the amount received must be given. */
export function needsAmountTo(fields: RecurringFields): boolean {
  return (
    fields.type === 'transfer' && fields.currencyToId !== '' && fields.currencyToId !== fields.currencyId
  );
}

interface BodySources {
  accounts: readonly MoneyTreeItem[];
  categories: readonly MoneyTreeItem[];
}

export type RecurringBodyResult =
  | { body: CreateMoneyRecurringBody; errors?: undefined }
  | { body?: undefined; errors: RecurringFieldErrors };

/**
 * The request body the fields and the schedule make, or what is wrong with them, field by field, in
 * the API's own terms (the exact transfer message included).
 */
export function buildRecurringBody(
  fields: RecurringFields,
  quickurrence: StoredRecurrenceOptions,
  { accounts, categories }: BodySources,
): RecurringBodyResult {
  const errors: RecurringFieldErrors = {};
  const account = splitTreeChoice(fields.account, accounts);
  if (!account) errors.account = 'Choose an account';
  const amount = parseAmount(fields.amount);
  if (amount.error) errors.amount = amount.error;
  if (!fields.currencyId) errors.currencyId = 'Choose a currency';
  if (fields.note.length > MONEY_NOTE_MAX_LENGTH) {
    errors.note = `Note must be ${MONEY_NOTE_MAX_LENGTH} characters or less`;
  }
  const category = splitTreeChoice(fields.category, categories);

  const isTransfer = fields.type === 'transfer';
  const accountTo = isTransfer ? splitTreeChoice(fields.accountTo, accounts) : null;
  const amountTo = needsAmountTo(fields) ? parseAmount(fields.amountTo) : null;
  if (isTransfer) {
    if (!accountTo) errors.accountTo = 'Choose the account the money goes to';
    else if (fields.accountTo === fields.account) errors.accountTo = TRANSFER_DESTINATION_MESSAGE;
    if (amountTo?.error) errors.amountTo = amountTo.error;
  }
  if (Object.keys(errors).length > 0 || !account || !amount.amount) return { errors };

  return {
    body: {
      type: fields.type,
      accountId: account.parentId,
      subAccountId: account.childId,
      amount: amount.amount,
      currencyId: fields.currencyId,
      categoryId: category?.parentId ?? null,
      subCategoryId: category?.childId ?? null,
      note: fields.note.trim(),
      quickurrence,
      ...(isTransfer &&
        accountTo && {
          accountToId: accountTo.parentId,
          subAccountToId: accountTo.childId,
          currencyToId: fields.currencyToId || fields.currencyId,
          ...(amountTo?.amount && { amountTo: amountTo.amount }),
        }),
    },
  };
}
