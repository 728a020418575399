import type { SmartView } from '@cairn/contracts/tasks';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export interface SmartViewCount {
  open: number;
  completed: number;
}

export function getSmartViewCounts({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: the layout's loader seeds these counts, and the contract would bring its schema
  // library to every page (the login page too).
  const schema = import('@cairn/contracts/tasks').then((contract) => contract.smartViewCountsSchema);
  return apiRequest('/api/v1/smart-views', { schema, signal });
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
