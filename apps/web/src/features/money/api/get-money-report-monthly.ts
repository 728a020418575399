import { type MoneyRangeQuery, moneyMonthlyReportSchema } from '@cairn/contracts/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

export function getMoneyReportMonthly(query: MoneyRangeQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.accountId) search.set('accountId', query.accountId);
  return apiRequest(`/api/v1/money/reports/monthly?${search}`, { schema: moneyMonthlyReportSchema, signal });
}

/** Income and expense per month of the range, in the user's currency; transfers are left out. */
export function moneyReportMonthlyQueryOptions(query: MoneyRangeQuery) {
  return queryOptions({
    queryKey: moneyReportKeys.monthlyReport(query),
    queryFn: ({ signal }) => getMoneyReportMonthly(query, { signal }),
    // A new range keeps the old chart on screen until its figures arrive, rather than flashing empty.
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not load the monthly report', isErrorToastHidden: true },
  });
}
