import type { MoneyBalanceHistory, MoneyCategoryReport, MoneyMonthlyReport } from '@cairn/contracts/money';
import Decimal from 'decimal.js';
import { listRangeMonths, type ReportRange } from './report-range';

// Totals can outgrow numeric(20,6); 40 significant digits hold any share of them exactly enough.
const Exact = Decimal.clone({ precision: 40 });

export type MonthFigures = MoneyMonthlyReport['months'][number];

/** Every month of the range in order, a month the report leaves out counting as zero. */
export function fillReportMonths(report: MoneyMonthlyReport, range: ReportRange): MonthFigures[] {
  const byMonth = new Map(report.months.map((figures) => [figures.month, figures]));
  return listRangeMonths(range).map(
    (month) => byMonth.get(month) ?? { month, income: '0', expense: '0', net: '0' },
  );
}

export function isZero(value: string): boolean {
  return new Exact(value).isZero();
}

export function hasMonthlyFigures(months: readonly MonthFigures[]): boolean {
  return months.some(({ income, expense }) => !isZero(income) || !isZero(expense));
}

/**
 * A figure as the chart library draws it. Only bar heights, slice angles and line positions come from
 * it; every amount shown in words or in a table is formatted from the exact decimal string.
 */
export function toChartNumber(value: string): number {
  return new Exact(value).toNumber();
}

/** The sum of decimal strings, exactly. */
export function sumDecimals(values: readonly string[]): string {
  return values.reduce((sum, value) => sum.plus(value), new Exact(0)).toFixed();
}

/** part / whole as a decimal string ratio; zero when the whole is zero. */
export function getShare(part: string, whole: string): string {
  const total = new Exact(whole);
  return total.isZero() ? '0' : new Exact(part).dividedBy(total).toFixed();
}

export interface CategoryShare {
  /** null for transactions without a category. */
  categoryId: string | null;
  name: string;
  total: string;
  /** Of the report's total, as a ratio (0.25 = a quarter). */
  share: string;
  count: number;
  subCategories: { categoryId: string; name: string; total: string; share: string; count: number }[];
}

export const UNCATEGORISED_LABEL = 'Uncategorised';

/** The report's categories with their names and shares, largest first as the report orders them. */
export function toCategoryShares(
  report: MoneyCategoryReport,
  namesById: ReadonlyMap<string, string>,
): CategoryShare[] {
  const nameOf = (categoryId: string | null) =>
    categoryId === null ? UNCATEGORISED_LABEL : (namesById.get(categoryId) ?? 'Deleted category');
  return report.items
    .filter((item) => !isZero(item.total))
    .map((item) => ({
      categoryId: item.categoryId,
      name: nameOf(item.categoryId),
      total: item.total,
      share: getShare(item.total, report.total),
      count: item.count,
      subCategories: item.subCategories
        .filter((sub) => !isZero(sub.total))
        .map((sub) => ({
          categoryId: sub.categoryId,
          name: nameOf(sub.categoryId),
          total: sub.total,
          share: getShare(sub.total, report.total),
          count: sub.count,
        })),
    }));
}

export interface MonthEndBalance {
  month: string;
  /** The last day of the month the history covers. */
  date: string;
  balance: string;
}

/** The balance at the end of each month the history covers (its last point in that month). */
export function getMonthEndBalances(history: MoneyBalanceHistory): MonthEndBalance[] {
  const byMonth = new Map<string, MonthEndBalance>();
  for (const point of history.points) {
    const month = point.date.slice(0, 7);
    const known = byMonth.get(month);
    if (!known || known.date < point.date)
      byMonth.set(month, { month, date: point.date, balance: point.balance });
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

export function hasBalanceHistory(history: MoneyBalanceHistory): boolean {
  return history.points.some((point) => !isZero(point.balance));
}

const monthFormats = {
  short: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  long: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** "2025-03" → "Mar 2025" (short) or "March 2025" (long). */
export function formatMonth(month: string, style: 'short' | 'long' = 'short'): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthFormats[style].format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "2025-03-09" → "Mar 9, 2025". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dayFormat.format(new Date(Date.UTC(year, month - 1, date)));
}
