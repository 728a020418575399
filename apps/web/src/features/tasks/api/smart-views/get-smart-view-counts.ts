import { type SmartView, smartViewCountsSchema } from '@cairn/contracts/tasks';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export interface SmartViewCount {
  open: number;
  completed: number;
}

export function getSmartViewCounts({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/smart-views', { schema: smartViewCountsSchema, signal });
}

/** Open and completed counts per smart view; every task change refreshes them (invalidateTaskData). */
export function smartViewCountsQueryOptions() {
  return queryOptions({
    queryKey: taskKeys.smartViewCounts(),
    queryFn: getSmartViewCounts,
    select: (data) =>
      Object.fromEntries(
        data.items.map(({ view, open, completed }) => [view, { open, completed }]),
      ) as Partial<Record<SmartView, SmartViewCount>>,
    meta: { errorMessage: 'Could not load the smart view counts' },
  });
}
