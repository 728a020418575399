import { type AdminUser, adminUserSchema, type UpdateAdminUserBody } from '@cairn/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getErrorToastMessage, showErrorToast } from '../../../lib/error-toast';
import { UserFacingError } from '../../../lib/errors';
import { restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import { applyAdminUserChange, describeAdminUserChange, replaceAdminUser } from '../utils/admin-user-changes';
import { adminKeys } from './admin-keys';

export interface UpdateAdminUserVariables {
  user: AdminUser;
  body: UpdateAdminUserBody;
}

export function updateAdminUser({ user, body }: UpdateAdminUserVariables) {
  return apiRequest(`/api/v1/admin/users/${user.id}`, { method: 'PATCH', body, schema: adminUserSchema });
}

/**
 * The row changes at once; if the server refuses, it goes back and a toast says which change failed
 * and why. The server's answer then replaces the row, so listings are not refetched page by page.
 */
export function useUpdateAdminUserMutation() {
  const queryClient = useQueryClient();
  const listKey = adminKeys.userLists();
  return useMutation({
    mutationFn: updateAdminUser,
    meta: { isErrorToastHidden: true },
    onMutate: async ({ user, body }: UpdateAdminUserVariables) => {
      const snapshot = await snapshotQueries(queryClient, [listKey]);
      const now = new Date();
      queryClient.setQueriesData({ queryKey: listKey }, (data: Parameters<typeof replaceAdminUser>[0]) =>
        replaceAdminUser(data, user.id, (cached) => applyAdminUserChange(cached, body, now)),
      );
      return { snapshot };
    },
    onSuccess: (saved) => {
      queryClient.setQueriesData({ queryKey: listKey }, (data: Parameters<typeof replaceAdminUser>[0]) =>
        replaceAdminUser(data, saved.id, () => saved),
      );
    },
    onError: (error, { user, body }, context) => {
      restoreQueries(queryClient, context?.snapshot);
      const reason = getErrorToastMessage(error, 'the server did not answer');
      if (reason === null) return;
      showErrorToast(
        new UserFacingError(`Could not ${describeAdminUserChange(user.username, body)}: ${reason}`),
      );
    },
  });
}
