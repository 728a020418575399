import { moneyTransactionSorts, moneyTransactionTypeFilters } from '@cairn/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  defaultReportRange,
  hasRegisterFilters,
  isCalendarDay,
  readMoneySearch,
  registerFiltersOf,
  registerSorts,
  registerTypeFilters,
} from './money-search';

const ACCOUNT = '0f8c2a52-3c4e-4b6f-9d0a-1b2c3d4e5f60';

describe('readMoneySearch', () => {
  it('keeps the contract’s lists (written out to keep the schema library off the first download)', () => {
    expect(registerSorts).toEqual(moneyTransactionSorts);
    expect(registerTypeFilters).toEqual(moneyTransactionTypeFilters);
  });

  it('keeps every valid value', () => {
    expect(
      readMoneySearch({
        tab: 'reports',
        accountId: ACCOUNT,
        categoryId: 'none',
        type: 'transfer',
        from: '2026-01-01',
        to: '2026-01-31',
        q: '  rent ',
        sort: 'amount',
        order: 'asc',
        reportFrom: '2025-02-01',
        reportTo: '2026-01-31',
      }),
    ).toEqual({
      tab: 'reports',
      accountId: ACCOUNT,
      categoryId: 'none',
      type: 'transfer',
      from: '2026-01-01',
      to: '2026-01-31',
      q: 'rent',
      sort: 'amount',
      order: 'asc',
      reportFrom: '2025-02-01',
      reportTo: '2026-01-31',
    });
  });

  it('drops invalid values instead of failing, so an old bookmark still opens', () => {
    expect(
      readMoneySearch({
        tab: 'budget',
        accountId: 'cash',
        categoryId: 42,
        type: 'refund',
        from: '2026-02-30',
        to: '31.01.2026',
        q: '   ',
        sort: 'note',
        order: 'up',
        reportFrom: '2026-13-01',
      }),
    ).toEqual({});
  });

  it('leaves the default tab out of the URL and lower-cases ids', () => {
    expect(readMoneySearch({ tab: 'transactions', accountId: ACCOUNT.toUpperCase() })).toEqual({
      accountId: ACCOUNT,
    });
  });

  it('refuses a search longer than the API takes', () => {
    expect(readMoneySearch({ q: 'x'.repeat(201) })).toEqual({});
    expect(readMoneySearch({ q: 'x'.repeat(200) }).q).toHaveLength(200);
  });
});

describe('isCalendarDay', () => {
  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2026-04-31', false],
    ['2026-12-31', true],
    ['2026-1-5', false],
    [20260105, false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });
});

describe('registerFiltersOf and hasRegisterFilters', () => {
  it('takes the register’s part of the search', () => {
    const search = readMoneySearch({ tab: 'accounts', q: 'rent', sort: 'amount', reportFrom: '2026-01-01' });
    expect(registerFiltersOf(search)).toEqual({ q: 'rent', sort: 'amount' });
    expect(hasRegisterFilters(search)).toBe(true);
    expect(hasRegisterFilters({ sort: 'amount', order: 'asc' })).toBe(false);
  });
});

describe('defaultReportRange', () => {
  it.each([
    ['2026-05-15', '2025-06-01'],
    ['2026-01-01', '2025-02-01'],
    ['2026-12-31', '2026-01-01'],
    ['2024-02-29', '2023-03-01'],
  ])('today %s starts the last 12 whole months on %s', (today, from) => {
    expect(defaultReportRange(today)).toEqual({ from, to: today });
  });
});
