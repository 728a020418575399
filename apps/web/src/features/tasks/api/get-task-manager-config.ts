import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Spec section 7: cached five minutes under the key taskManagerConfig. */
export const taskManagerConfigQueryKey = ['taskManagerConfig'] as const;
export const TASK_MANAGER_CONFIG_STALE_TIME_MS = 5 * 60 * 1000;

export function getTaskManagerConfig({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/task-manager-config').then(
    (contract) => contract.taskManagerConfigSchema,
  );
  return apiRequest('/api/v1/task-manager-config', { schema, signal });
}

export function taskManagerConfigQueryOptions() {
  return queryOptions({
    queryKey: taskManagerConfigQueryKey,
    queryFn: getTaskManagerConfig,
    staleTime: TASK_MANAGER_CONFIG_STALE_TIME_MS,
    meta: { errorMessage: 'Could not fetch task manager config' },
  });
}
