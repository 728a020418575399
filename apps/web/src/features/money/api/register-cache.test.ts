import type { MoneyTransaction } from '@cairn/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  isInRegister,
  isProvisional,
  type RegisterData,
  toProvisionalTransaction,
  withTransactionInserted,
  withTransactionReplaced,
} from './register-cache';

const now = new Date('2026-03-05T12:00:00Z');

function saved(id: string, date: string, extra: Partial<MoneyTransaction> = {}): MoneyTransaction {
  return {
    id,
    type: 'expense',
    accountId: 'bank',
    subAccountId: null,
    transferId: null,
    transfer: null,
    amount: '1',
    currencyId: 'usd',
    date,
    categoryId: null,
    subCategoryId: null,
    note: '',
    recurringId: null,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

const listing = (...pages: [MoneyTransaction[], string | null][]): RegisterData => ({
  pages: pages.map(([items, nextCursor]) => ({ items, nextCursor })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});
const ids = (data: RegisterData) => data.pages.map((page) => page.items.map((item) => item.id));

describe('toProvisionalTransaction', () => {
  it('shows a transfer as its expense side naming the destination', () => {
    const row = toProvisionalTransaction(
      {
        type: 'transfer',
        accountId: 'bank',
        accountToId: 'cash',
        amount: '50',
        currencyId: 'usd',
        date: '2026-03-05',
      },
      now,
    );
    expect(isProvisional(row)).toBe(true);
    expect(row).toMatchObject({
      type: 'expense',
      transfer: { accountId: 'cash', amount: '50', currencyId: 'usd' },
    });
    expect(row.transferId).not.toBeNull();
  });
});

describe('isInRegister', () => {
  const income = saved('p', '2026-03-05', { type: 'income', subAccountId: 'savings', categoryId: 'food' });

  it.each([
    [{}, true],
    [{ accountId: 'bank' }, true],
    [{ accountId: 'savings' }, true],
    [{ accountId: 'cash' }, false],
    [{ categoryId: 'food' }, true],
    [{ categoryId: 'none' }, false],
    [{ categoryId: 'rent' }, false],
    [{ type: 'income' as const }, true],
    [{ type: 'expense' as const }, false],
    [{ type: 'transfer' as const }, false],
    [{ from: '2026-03-05', to: '2026-03-05' }, true],
    [{ from: '2026-03-06' }, false],
    [{ to: '2026-03-04' }, false],
    [{ q: 'lunch' }, undefined],
  ])('income in bank › savings, filters %j → %s', (filters, expected) => {
    expect(isInRegister(income, filters)).toBe(expected);
  });

  it('leaves a transfer in a register of its destination to the server (that row is the other side)', () => {
    const transfer = saved('t', '2026-03-05', {
      transferId: 't',
      transfer: { transactionId: 't', accountId: 'cash', subAccountId: null, amount: '1', currencyId: 'usd' },
    });
    expect(isInRegister(transfer, { accountId: 'cash' })).toBeUndefined();
    expect(isInRegister(transfer, { type: 'transfer' })).toBe(true);
    expect(isInRegister(transfer, { type: 'expense' })).toBe(false);
  });
});

describe('withTransactionInserted', () => {
  const row = saved('new', '2026-03-05');

  it('puts the row first among its day when newest comes first', () => {
    const data = listing(
      [[saved('a', '2026-03-07'), saved('b', '2026-03-05')], 'c1'],
      [[saved('c', '2026-03-01')], null],
    );
    expect(ids(withTransactionInserted(data, row, {}))).toEqual([['a', 'new', 'b'], ['c']]);
  });

  it('places it on a later page when that is where its day is', () => {
    const data = listing([[saved('a', '2026-03-09')], 'c1'], [[saved('b', '2026-03-01')], null]);
    expect(ids(withTransactionInserted(data, row, {}))).toEqual([['a'], ['new', 'b']]);
  });

  it('leaves it to the refetch when its place is beyond the loaded pages', () => {
    const data = listing([[saved('a', '2026-03-09')], 'c1']);
    expect(withTransactionInserted(data, row, {})).toBe(data);
  });

  it('appends it at the end of a complete listing, oldest first', () => {
    const data = listing([[saved('a', '2026-03-01'), saved('b', '2026-03-05')], null]);
    expect(ids(withTransactionInserted(data, row, { order: 'asc' }))).toEqual([['a', 'b', 'new']]);
    const later = listing([[saved('a', '2026-03-01'), saved('b', '2026-03-06')], null]);
    expect(ids(withTransactionInserted(later, row, { order: 'asc' }))).toEqual([['a', 'new', 'b']]);
  });

  it('puts it first when recently added comes first, and waits for the server when sorting by amount', () => {
    const data = listing([[saved('a', '2026-03-09')], null]);
    expect(ids(withTransactionInserted(data, row, { sort: 'createdAt' }))).toEqual([['new', 'a']]);
    expect(withTransactionInserted(data, row, { sort: 'amount' })).toBe(data);
  });
});

describe('withTransactionReplaced', () => {
  const data = listing(
    [[saved('a', '2026-03-05'), saved('b', '2026-03-04')], 'c1'],
    [[saved('c', '2026-03-01')], null],
  );

  it('puts a new amount or note in place when the row keeps its day', () => {
    const next = withTransactionReplaced(data, saved('c', '2026-03-01', { amount: '42', note: 'Lunch' }), {});
    expect(next && ids(next)).toEqual([['a', 'b'], ['c']]);
    expect(next?.pages[1]?.items[0]).toMatchObject({ amount: '42', note: 'Lunch' });
  });

  it('leaves a row that moves in the order, or in an amount sort, to the server', () => {
    expect(withTransactionReplaced(data, saved('b', '2026-03-06'), {})).toBeUndefined();
    expect(
      withTransactionReplaced(data, saved('b', '2026-03-04', { amount: '9' }), { sort: 'amount' }),
    ).toBeUndefined();
  });

  const counterpart = (transactionId: string) => ({
    transactionId,
    accountId: 'cash',
    subAccountId: null,
    amount: '7',
    currencyId: 'usd',
  });

  it('puts an edited transfer in place when its other side is not in the listing', () => {
    const before = listing([
      [saved('a', '2026-03-05', { transferId: 't', transfer: counterpart('a2') })],
      null,
    ]);
    const edited = saved('a', '2026-03-05', { transferId: 't', transfer: counterpart('a2'), amount: '7' });
    expect(withTransactionReplaced(before, edited, {})?.pages[0]?.items[0]).toMatchObject({ amount: '7' });
  });

  it('leaves a transfer whose other side is in the listing too to the server', () => {
    const bothSides = listing([
      [
        saved('a', '2026-03-05', { transferId: 't', transfer: counterpart('a2') }),
        saved('a2', '2026-03-05', { type: 'income', transferId: 't', transfer: counterpart('a') }),
      ],
      null,
    ]);
    const edited = saved('a', '2026-03-05', { transferId: 't', transfer: counterpart('a2'), amount: '7' });
    expect(withTransactionReplaced(bothSides, edited, {})).toBeUndefined();
  });

  it('leaves a row that becomes a transfer, and rows the filters may drop, to the server', () => {
    expect(withTransactionReplaced(data, saved('a', '2026-03-05', { transferId: 't' }), {})).toBeUndefined();
    expect(withTransactionReplaced(data, saved('a', '2026-03-05'), { q: 'rent' })).toBeUndefined();
    expect(
      withTransactionReplaced(data, saved('a', '2026-03-05', { categoryId: 'food' }), { categoryId: 'rent' }),
    ).toBeUndefined();
  });
});
