import type { MoneyAccount, MoneyCategory, MoneyTransaction } from '@cairn/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  type DraftContext,
  defaultCurrencyOf,
  draftFromTransaction,
  emptyDraft,
  needsAmountReceived,
  toTransactionBody,
  toUpdateBody,
  withField,
} from './transaction-draft';

const at = new Date('2026-03-01T10:00:00Z');
const account = (id: string, parentId: string | null, currencyId: string | null = null): MoneyAccount => ({
  id,
  name: id,
  parentId,
  currencyId,
  transactionCount: 0,
  createdAt: at,
  updatedAt: at,
});
const category = (id: string, parentId: string | null): MoneyCategory => ({
  id,
  name: id,
  parentId,
  transactionCount: 0,
  createdAt: at,
  updatedAt: at,
});

const context: DraftContext = {
  accounts: [
    account('bank', null),
    account('savings', 'bank'),
    account('euro', null, 'eur'),
    account('pot', 'euro'),
  ],
  categories: [category('food', null), category('restaurants', 'food')],
  userCurrencyId: 'usd',
};

describe('defaultCurrencyOf', () => {
  it('takes the account’s currency, else its parent’s, else the user’s', () => {
    expect(defaultCurrencyOf('euro', context)).toBe('eur');
    expect(defaultCurrencyOf('pot', context)).toBe('eur');
    expect(defaultCurrencyOf('bank', context)).toBe('usd');
    expect(defaultCurrencyOf('savings', context)).toBe('usd');
  });
});

describe('emptyDraft and withField', () => {
  it('starts in the preferred account with its currency, else the first top-level one', () => {
    expect(emptyDraft({ date: '2026-03-01', accountId: 'euro' }, context)).toMatchObject({
      type: 'expense',
      date: '2026-03-01',
      accountId: 'euro',
      currencyId: 'eur',
    });
    expect(emptyDraft({ date: '2026-03-01', accountId: 'gone' }, context).accountId).toBe('bank');
  });

  it('brings an account’s currency along when the account changes', () => {
    const draft = emptyDraft({ date: '2026-03-01' }, context);
    expect(withField(draft, 'accountId', 'pot', context).currencyId).toBe('eur');
    const transfer = withField({ ...draft, type: 'transfer' }, 'accountToId', 'euro', context);
    expect(transfer.currencyToId).toBe('eur');
    expect(needsAmountReceived(transfer)).toBe(true);
    expect(needsAmountReceived(withField(transfer, 'accountToId', 'savings', context))).toBe(false);
  });
});

describe('toTransactionBody', () => {
  it('splits sub-account and sub-category picks into parent and child', () => {
    const draft = {
      ...emptyDraft({ date: '2026-03-02', accountId: 'savings' }, context),
      amount: '1,234.50',
      categoryId: 'restaurants',
      note: '  Dinner ',
    };
    expect(toTransactionBody(draft, context)).toEqual({
      body: {
        type: 'expense',
        date: '2026-03-02',
        amount: '1234.5',
        accountId: 'bank',
        subAccountId: 'savings',
        currencyId: 'usd',
        categoryId: 'food',
        subCategoryId: 'restaurants',
        note: 'Dinner',
      },
    });
  });

  it('sends a transfer’s destination, and the amount received only when the currencies differ', () => {
    const base = {
      ...emptyDraft({ date: '2026-03-02', type: 'transfer', accountId: 'bank' }, context),
      amount: '100',
    };
    const sameCurrency = withField(base, 'accountToId', 'savings', context);
    expect(toTransactionBody({ ...sameCurrency, amountTo: '5' }, context).body).toMatchObject({
      type: 'transfer',
      accountId: 'bank',
      accountToId: 'bank',
      subAccountToId: 'savings',
      currencyToId: 'usd',
    });
    expect(toTransactionBody(sameCurrency, context).body?.amountTo).toBeUndefined();

    const abroad = withField(base, 'accountToId', 'euro', context);
    expect(toTransactionBody(abroad, context)).toEqual({ errors: { amountTo: 'Enter an amount' } });
    expect(toTransactionBody({ ...abroad, amountTo: '92,5' }, context).body).toMatchObject({
      accountToId: 'euro',
      subAccountToId: null,
      currencyToId: 'eur',
      amountTo: '92.5',
    });
  });

  it('leaves the same-account check to the API, whose message the screen shows', () => {
    const draft = withField(
      { ...emptyDraft({ date: '2026-03-02', type: 'transfer', accountId: 'bank' }, context), amount: '1' },
      'accountToId',
      'bank',
      context,
    );
    expect(toTransactionBody(draft, context).body).toMatchObject({ accountId: 'bank', accountToId: 'bank' });
  });

  it('says what is missing', () => {
    const draft = {
      ...emptyDraft({ date: '', type: 'transfer' }, { ...context, accounts: [] }),
      amount: '-3',
    };
    expect(toTransactionBody(draft, { ...context, accounts: [] })).toEqual({
      errors: {
        amount: 'Amount must be greater than 0',
        date: 'Choose a date',
        accountId: 'Choose an account',
        accountToId: 'Choose the account the money goes to',
      },
    });
  });
});

describe('toUpdateBody', () => {
  it('leaves a transfer’s type out (it stays a transfer) and keeps income or expense', () => {
    expect(
      toUpdateBody({ type: 'transfer', accountId: 'a', amount: '1', currencyId: 'c', date: '2026-01-01' }),
    ).toEqual({ accountId: 'a', amount: '1', currencyId: 'c', date: '2026-01-01' });
    expect(
      toUpdateBody({ type: 'income', accountId: 'a', amount: '1', currencyId: 'c', date: '2026-01-01' }).type,
    ).toBe('income');
  });
});

describe('draftFromTransaction', () => {
  const saved: MoneyTransaction = {
    id: 't1',
    type: 'income',
    accountId: 'euro',
    subAccountId: 'pot',
    transferId: 'x',
    transfer: {
      transactionId: 't0',
      accountId: 'bank',
      subAccountId: null,
      amount: '100',
      currencyId: 'usd',
    },
    amount: '92.5',
    currencyId: 'eur',
    date: '2026-03-03',
    categoryId: null,
    subCategoryId: null,
    note: 'Move',
    recurringId: null,
    createdAt: at,
    updatedAt: at,
  };

  it('reads a transfer from either side as source and destination', () => {
    const fromIncomeSide = draftFromTransaction(saved);
    expect(fromIncomeSide).toMatchObject({
      type: 'transfer',
      accountId: 'bank',
      amount: '100',
      currencyId: 'usd',
      accountToId: 'pot',
      amountTo: '92.5',
      currencyToId: 'eur',
    });
    const expenseSide: MoneyTransaction = {
      ...saved,
      id: 't0',
      type: 'expense',
      accountId: 'bank',
      subAccountId: null,
      amount: '100',
      currencyId: 'usd',
      transfer: {
        transactionId: 't1',
        accountId: 'euro',
        subAccountId: 'pot',
        amount: '92.5',
        currencyId: 'eur',
      },
    };
    expect(draftFromTransaction(expenseSide)).toEqual(fromIncomeSide);
  });

  it('reads a single transaction with its sub-category', () => {
    expect(
      draftFromTransaction({
        ...saved,
        transferId: null,
        transfer: null,
        type: 'expense',
        categoryId: 'food',
        subCategoryId: 'restaurants',
      }),
    ).toMatchObject({ type: 'expense', accountId: 'pot', categoryId: 'restaurants', amount: '92.5' });
  });
});
