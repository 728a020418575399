import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { swissKeys } from './swiss-keys';

export function getSwissDeck(taskId: string, { signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/task-planning').then((contract) => contract.swissDeckSchema);
  return apiRequest(`/api/v1/tasks/${taskId}/swiss`, { schema, signal });
}

/** A big task's open holes in the order they are dealt, and how much of the task is done. */
export function swissDeckQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: swissKeys.deck(taskId),
    queryFn: ({ signal }) => getSwissDeck(taskId, { signal }),
    // The round is dealt from this: a refetch when the window regains focus must not reshuffle it.
    refetchOnWindowFocus: false,
    // The screen shows "not found" and other failures itself.
    meta: { isErrorToastHidden: true },
  });
}
