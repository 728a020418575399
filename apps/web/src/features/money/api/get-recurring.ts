import { moneyRecurringListSchema } from '@cairn/contracts/money';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyReportKeys } from './money-report-keys';

export function getRecurring({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/money/recurring', { schema: moneyRecurringListSchema, signal });
}

/** Every recurring transaction of the user, with its rule in words and its next day. */
export function recurringQueryOptions() {
  return queryOptions({
    queryKey: moneyReportKeys.recurringList(),
    queryFn: getRecurring,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load your recurring transactions', isErrorToastHidden: true },
  });
}
