import type { AdminUsersQuery } from '@cairn/contracts/admin';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const ADMIN_USERS_PAGE_SIZE = 50;

export function getAdminUsers(query: AdminUsersQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/admin').then((contract) => contract.adminUserPageSchema);
  return apiRequest(`/api/v1/admin/users?${search}`, { schema, signal });
}

/** Every account matching the search, page by page (`fetchNextPage` follows the cursor). */
export function adminUsersInfiniteQueryOptions(search: string | undefined) {
  return infiniteQueryOptions({
    queryKey: adminKeys.userList(search),
    queryFn: ({ pageParam, signal }) =>
      getAdminUsers(
        { limit: ADMIN_USERS_PAGE_SIZE, ...(search && { search }), ...(pageParam && { cursor: pageParam }) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // The last results stay on screen, dimmed, while a new search loads.
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Could not load the users' },
  });
}
