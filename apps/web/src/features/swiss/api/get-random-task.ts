import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { swissKeys } from './swiss-keys';

export function getRandomTask(listId: string | undefined, { signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/task-planning').then((contract) => contract.randomTaskSchema);
  const query = listId ? `?${new URLSearchParams({ listId })}` : '';
  return apiRequest(`/api/v1/tasks/random${query}`, { schema, signal });
}

/**
 * One open task drawn at random, in one list or in all of them. A new draw only when asked for (or on a
 * new visit): coming back to the window must not swap the task the user is looking at.
 */
export function randomTaskQueryOptions(listId: string | undefined) {
  return queryOptions({
    queryKey: swissKeys.draw(listId),
    queryFn: ({ signal }) => getRandomTask(listId, { signal }),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // The screen shows the failure itself, with a retry.
    meta: { isErrorToastHidden: true },
  });
}
