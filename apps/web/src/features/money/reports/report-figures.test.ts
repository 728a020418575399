import type { MoneyCategoryReport } from '@cairn/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  fillReportMonths,
  formatDay,
  formatMonth,
  getMonthEndBalances,
  getShare,
  hasBalanceHistory,
  hasMonthlyFigures,
  sumDecimals,
  toCategoryShares,
} from './report-figures';

const currencyId = '00000000-0000-4000-8000-000000000001';
const food = '00000000-0000-4000-8000-0000000000f0';
const groceries = '00000000-0000-4000-8000-0000000000f1';
const rent = '00000000-0000-4000-8000-0000000000a0';

describe('fillReportMonths', () => {
  it('puts zero months where the report has none, in order', () => {
    const months = fillReportMonths(
      { currencyId, months: [{ month: '2026-03', income: '10.5', expense: '2', net: '8.5' }] },
      { from: '2026-01-15', to: '2026-03-31' },
    );
    expect(months).toEqual([
      { month: '2026-01', income: '0', expense: '0', net: '0' },
      { month: '2026-02', income: '0', expense: '0', net: '0' },
      { month: '2026-03', income: '10.5', expense: '2', net: '8.5' },
    ]);
    expect(hasMonthlyFigures(months)).toBe(true);
    expect(hasMonthlyFigures(months.slice(0, 2))).toBe(false);
  });
});

describe('decimal arithmetic', () => {
  it('sums exactly, beyond what a float holds', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['99999999999999.999999', '99999999999999.999999', '0.000002'])).toBe(
      '200000000000000',
    );
    expect(sumDecimals([])).toBe('0');
  });

  it('gives a share of zero when the whole is zero', () => {
    expect(getShare('25', '100')).toBe('0.25');
    expect(getShare('1', '3')).toMatch(/^0\.3333333333/);
    expect(getShare('5', '0')).toBe('0');
  });
});

describe('toCategoryShares', () => {
  const report: MoneyCategoryReport = {
    currencyId,
    type: 'expense',
    total: '400',
    items: [
      {
        categoryId: rent,
        total: '300',
        count: 1,
        subCategories: [],
      },
      {
        categoryId: food,
        total: '80',
        count: 3,
        subCategories: [
          { categoryId: groceries, total: '60', count: 2 },
          { categoryId: '00000000-0000-4000-8000-0000000000f2', total: '0', count: 0 },
        ],
      },
      { categoryId: null, total: '20', count: 1, subCategories: [] },
      { categoryId: '00000000-0000-4000-8000-0000000000b0', total: '0', count: 0, subCategories: [] },
    ],
  };
  const names = new Map([
    [rent, 'Rent'],
    [food, 'Food'],
    [groceries, 'Groceries'],
  ]);

  it('names each category, gives its share of the total and leaves out zero totals', () => {
    const shares = toCategoryShares(report, names);
    expect(shares.map(({ name, total, share }) => [name, total, share])).toEqual([
      ['Rent', '300', '0.75'],
      ['Food', '80', '0.2'],
      ['Uncategorised', '20', '0.05'],
    ]);
    expect(shares[1]?.subCategories).toEqual([
      { categoryId: groceries, name: 'Groceries', total: '60', share: '0.15', count: 2 },
    ]);
  });

  it('names a category it cannot find rather than dropping its money', () => {
    const shares = toCategoryShares(report, new Map());
    expect(shares[0]?.name).toBe('Deleted category');
  });
});

describe('getMonthEndBalances', () => {
  it('takes the last point of each month', () => {
    const balances = getMonthEndBalances({
      currencyId,
      points: [
        { date: '2026-01-30', balance: '10' },
        { date: '2026-01-31', balance: '12' },
        { date: '2026-02-01', balance: '15' },
        { date: '2026-02-02', balance: '-3.5' },
      ],
    });
    expect(balances).toEqual([
      { month: '2026-01', date: '2026-01-31', balance: '12' },
      { month: '2026-02', date: '2026-02-02', balance: '-3.5' },
    ]);
  });

  it('tells a history of zeros from one with money in it', () => {
    expect(hasBalanceHistory({ currencyId, points: [{ date: '2026-01-01', balance: '0.000000' }] })).toBe(
      false,
    );
    expect(hasBalanceHistory({ currencyId, points: [{ date: '2026-01-01', balance: '-0.01' }] })).toBe(true);
  });
});

describe('formatting days and months', () => {
  it('reads the same whatever the zone the browser is in', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2026-03', 'long')).toBe('March 2026');
    expect(formatDay('2026-01-01')).toBe('Jan 1, 2026');
  });
});
