import { systemSourceListSchema } from '@cairn/contracts/trackers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

export function getSystemSources({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/trackers/system-sources', { schema: systemSourceListSchema, signal });
}

/** The system trackers on offer from the user's own data, and which are on. */
export function systemSourcesQueryOptions() {
  return queryOptions({
    queryKey: trackerKeys.systemSources(),
    queryFn: getSystemSources,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load the system trackers' },
  });
}

export function useSystemSources() {
  return useQuery(systemSourcesQueryOptions());
}
