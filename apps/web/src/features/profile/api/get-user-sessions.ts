import { userSessionListSchema } from '@cairn/contracts/users';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getUserSessions({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/users/me/sessions', { schema: userSessionListSchema, signal });
}

/** The devices signed in to the account, this one included. */
export function userSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: getUserSessions,
    meta: { isErrorToastHidden: true },
  });
}
