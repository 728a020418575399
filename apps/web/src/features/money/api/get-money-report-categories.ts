import { type MoneyCategoryReportQuery, moneyCategoryReportSchema } from '@cairn/contracts/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

export function getMoneyReportCategories(
  query: MoneyCategoryReportQuery,
  { signal }: { signal?: AbortSignal } = {},
) {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.type) search.set('type', query.type);
  if (query.accountId) search.set('accountId', query.accountId);
  return apiRequest(`/api/v1/money/reports/categories?${search}`, {
    schema: moneyCategoryReportSchema,
    signal,
  });
}

/** Totals per top-level category over the range (sub-categories rolled up and listed), largest first. */
export function moneyReportCategoriesQueryOptions(query: MoneyCategoryReportQuery) {
  return queryOptions({
    queryKey: moneyReportKeys.categoryReport(query),
    queryFn: ({ signal }) => getMoneyReportCategories(query, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not load spending by category', isErrorToastHidden: true },
  });
}
