import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../../api/task-keys';

/** The time left in the work day shrinks as the clock runs, so an open Today view asks again this often. */
const TODAY_PLAN_REFRESH_MS = 60_000;

export function getTodayPlan({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily, as the other task requests do, to keep the schema library off the first page.
  const schema = import('@cairn/contracts/task-planning').then((contract) => contract.todayPlanSchema);
  return apiRequest('/api/v1/tasks/today-plan', { schema, signal });
}

/** Today's open tasks against the daily limit, and their estimates against what is left of the work day. */
export function todayPlanQueryOptions() {
  return queryOptions({
    queryKey: taskKeys.todayPlan(),
    queryFn: getTodayPlan,
    refetchInterval: TODAY_PLAN_REFRESH_MS,
    // The plan bar shows its own failure, with a retry; the menus fall back to letting the API decide.
    meta: { isErrorToastHidden: true },
  });
}
