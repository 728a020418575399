import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { freshOnThisPageFor } from './query-client';

export const currentUserQueryKey = ['currentUser'] as const;

export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}) {
  // Spec section 8: a 401 or 403 here means the session is gone.
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/users').then((contract) => contract.userSchema);
  return apiRequest('/api/v1/users/me', { schema, endsSessionOnAuthFailure: true, signal });
}

/** The signed-in user; every screen reads it through these options, so it is fetched once. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    staleTime: freshOnThisPageFor(60_000),
    meta: { errorMessage: 'Could not load your profile' },
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
