import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function getWorklogProjects(includeEnded: boolean, { signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/worklogs').then((contract) => contract.worklogProjectListSchema);
  const suffix = includeEnded ? '?includeEnded=true' : '';
  return apiRequest(`/api/v1/worklogs/projects${suffix}`, { schema, signal });
}

/**
 * The user's projects. Pickers take the live ones; labels, filters and the management dialog take
 * every one, ended too (an ended project still names its old entries).
 */
export function worklogProjectsQueryOptions({ includeEnded = true }: { includeEnded?: boolean } = {}) {
  return queryOptions({
    queryKey: worklogKeys.projectList(includeEnded),
    queryFn: ({ signal }) => getWorklogProjects(includeEnded, { signal }),
    meta: { errorMessage: 'Could not load your projects' },
  });
}
