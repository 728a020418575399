import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { swissKeys } from './swiss-keys';

export function getSwissCandidates({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/task-planning').then((contract) => contract.swissCandidatesSchema);
  return apiRequest('/api/v1/tasks/swiss/candidates', { schema, signal });
}

/** The big tasks worth cutting into holes, biggest first. */
export function swissCandidatesQueryOptions() {
  return queryOptions({
    queryKey: swissKeys.candidates(),
    queryFn: getSwissCandidates,
    select: (data) => data.items,
    // The picker shows its own failure, with a retry.
    meta: { isErrorToastHidden: true },
  });
}
