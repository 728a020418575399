import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const CLIENT_ERRORS_PAGE_SIZE = 50;

export function getClientErrors(
  query: { cursor?: string; limit: number },
  { signal }: { signal?: AbortSignal } = {},
) {
  const search = new URLSearchParams({ limit: String(query.limit) });
  if (query.cursor) search.set('cursor', query.cursor);
  const schema = import('@cairn/contracts/admin').then((contract) => contract.clientErrorReportPageSchema);
  return apiRequest(`/api/v1/admin/client-errors?${search}`, { schema, signal });
}

/** The error reports the web app sent, newest first, page by page. */
export function clientErrorsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminKeys.clientErrors(),
    queryFn: ({ pageParam, signal }) =>
      getClientErrors(
        { limit: CLIENT_ERRORS_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorMessage: 'Could not load the error reports' },
  });
}
