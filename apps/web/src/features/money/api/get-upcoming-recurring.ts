import { type UpcomingMoneyQuery, upcomingMoneyTransactionsSchema } from '@cairn/contracts/money';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

export function getUpcomingRecurring(query: UpcomingMoneyQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = query.to ? `?${new URLSearchParams({ to: query.to })}` : '';
  return apiRequest(`/api/v1/money/recurring/upcoming${search}`, {
    schema: upcomingMoneyTransactionsSchema,
    signal,
  });
}

/** The occurrences still to post, soonest first; the next 30 days unless `to` says otherwise. */
export function upcomingRecurringQueryOptions(query: UpcomingMoneyQuery = {}) {
  return queryOptions({
    queryKey: moneyReportKeys.upcoming(query),
    queryFn: ({ signal }) => getUpcomingRecurring(query, { signal }),
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load the upcoming transactions', isErrorToastHidden: true },
  });
}
