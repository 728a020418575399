import type { MoneyCategoryReportQuery, MoneyRangeQuery, UpcomingMoneyQuery } from '@cairn/contracts/money';

/**
 * The cache keys of reports, recurring transactions and imports. All of them live under the money
 * area's root ['money'], so any money write (a transaction added, an import, an occurrence skipped)
 * refreshes them by invalidating that one key.
 */
export const moneyReportKeys = {
  all: ['money'] as const,
  monthlyReport: (query: MoneyRangeQuery) => [...moneyReportKeys.all, 'reports', 'monthly', query] as const,
  categoryReport: (query: MoneyCategoryReportQuery) =>
    [...moneyReportKeys.all, 'reports', 'categories', query] as const,
  balanceHistory: (query: MoneyRangeQuery) => [...moneyReportKeys.all, 'balances', 'history', query] as const,
  recurringList: () => [...moneyReportKeys.all, 'recurring', 'list'] as const,
  upcoming: (query: UpcomingMoneyQuery) => [...moneyReportKeys.all, 'recurring', 'upcoming', query] as const,
};
