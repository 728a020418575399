import type { moneyTransactionSorts, moneyTransactionTypeFilters } from '@cairn/contracts/money';
import { isUuid } from '../../../lib/is-uuid';

// The contract's lists (@cairn/contracts/money, kept equal by money-search.test.ts), written out because
// the route validates its search on every page, the login page included, and the contract would bring
// its schema library there.
export const moneyTabs = ['transactions', 'accounts', 'categories', 'reports', 'recurring'] as const;
export type MoneyTab = (typeof moneyTabs)[number];
export type RegisterTypeFilter = (typeof moneyTransactionTypeFilters)[number];
export const registerTypeFilters: readonly RegisterTypeFilter[] = ['income', 'expense', 'transfer'];
export type RegisterSort = (typeof moneyTransactionSorts)[number];
export const registerSorts: readonly RegisterSort[] = ['date', 'amount', 'createdAt'];
export type RegisterOrder = 'asc' | 'desc';
const orders: readonly RegisterOrder[] = ['asc', 'desc'];

/** What the money screen shows, kept in the URL: the tab, the register's filters, the reports' range. */
export interface MoneySearch {
  /** Left out for the transactions tab. */
  tab?: Exclude<MoneyTab, 'transactions'>;
  accountId?: string;
  /** A category, or 'none' for the uncategorised. */
  categoryId?: string;
  type?: RegisterTypeFilter;
  from?: string;
  to?: string;
  q?: string;
  sort?: RegisterSort;
  order?: RegisterOrder;
  reportFrom?: string;
  reportTo?: string;
}

/** The register's part of the search, as the API's listing takes it. */
export type RegisterFilters = Pick<
  MoneySearch,
  'accountId' | 'categoryId' | 'type' | 'from' | 'to' | 'q' | 'sort' | 'order'
>;

function oneOf<Option extends string>(options: readonly Option[], value: unknown): Option | undefined {
  return options.find((option) => option === value);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (not 2025-02-30). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function readDay(value: unknown): string | undefined {
  return isCalendarDay(value) ? value : undefined;
}

/** Search text: trimmed, 1 to 200 characters. */
function readQuery(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= 200 ? trimmed : undefined;
}

/**
 * The money route's `validateSearch`: plain checks rather than a schema, as every route's search is
 * validated in the first download of every page. An invalid value is left out, so an old bookmark still
 * opens.
 */
export function readMoneySearch(search: Record<string, unknown>): MoneySearch {
  const tab = oneOf(moneyTabs, search.tab);
  const categoryId =
    search.categoryId === 'none' || isUuid(search.categoryId) ? search.categoryId : undefined;
  const result: MoneySearch = {
    tab: tab === 'transactions' ? undefined : tab,
    accountId: isUuid(search.accountId) ? search.accountId.toLowerCase() : undefined,
    categoryId: categoryId?.toLowerCase(),
    type: oneOf(registerTypeFilters, search.type),
    from: readDay(search.from),
    to: readDay(search.to),
    q: readQuery(search.q),
    sort: oneOf(registerSorts, search.sort),
    order: oneOf(orders, search.order),
    reportFrom: readDay(search.reportFrom),
    reportTo: readDay(search.reportTo),
  };
  return Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined)) as MoneySearch;
}

export function registerFiltersOf(search: MoneySearch): RegisterFilters {
  const { accountId, categoryId, type, from, to, q, sort, order } = search;
  return Object.fromEntries(
    Object.entries({ accountId, categoryId, type, from, to, q, sort, order }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as RegisterFilters;
}

/** Whether any filter narrows the register (the sort does not). */
export function hasRegisterFilters(search: MoneySearch): boolean {
  return [search.accountId, search.categoryId, search.type, search.from, search.to, search.q].some(
    (value) => value !== undefined,
  );
}

/**
 * The reports' range when the URL names none: the last 12 whole months through today, so from the first
 * day of the month eleven months back (today 2026-05-15 gives 2025-06-01 to 2026-05-15).
 */
export function defaultReportRange(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthIndex = year * 12 + (month - 1) - 11;
  const fromYear = Math.floor(monthIndex / 12);
  const fromMonth = (monthIndex % 12) + 1;
  return { from: `${String(fromYear).padStart(4, '0')}-${String(fromMonth).padStart(2, '0')}-01`, to: today };
}
