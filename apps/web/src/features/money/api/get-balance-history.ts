import { type MoneyRangeQuery, moneyBalanceHistorySchema } from '@cairn/contracts/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

export function getBalanceHistory(query: MoneyRangeQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.accountId) search.set('accountId', query.accountId);
  return apiRequest(`/api/v1/money/balances/history?${search}`, {
    schema: moneyBalanceHistorySchema,
    signal,
  });
}

/** The converted balance of every account together at the end of each day of the range: net worth. */
export function balanceHistoryQueryOptions(query: MoneyRangeQuery) {
  return queryOptions({
    queryKey: moneyReportKeys.balanceHistory(query),
    queryFn: ({ signal }) => getBalanceHistory(query, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not load your net worth over time', isErrorToastHidden: true },
  });
}
