import type { UserSessionList } from '@cairn/contracts/users';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../lib/optimistic-removal';
import { accountKeys } from './account-keys';

export function deleteUserSession(sessionId: string) {
  return apiRequest(`/api/v1/users/me/sessions/${sessionId}`, { method: 'DELETE', schema: noContentSchema });
}

/** Signs another device out; it leaves the list at once and comes back if the server refuses. */
export function useDeleteUserSessionMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: deleteUserSession,
    queryKeys: [accountKeys.sessions()],
    removeFromCache: (queryClient, sessionId: string) =>
      queryClient.setQueryData<UserSessionList>(accountKeys.sessions(), (list) =>
        list ? { items: list.items.filter((session) => session.id !== sessionId) } : list,
      ),
    invalidate: (queryClient) => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
    errorMessage: 'Could not sign that device out',
  });
}
