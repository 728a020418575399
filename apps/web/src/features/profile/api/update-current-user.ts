import { type UpdateUserBody, userSchema } from '@cairn/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

export function updateCurrentUser(body: UpdateUserBody) {
  return apiRequest('/api/v1/users/me', { method: 'PATCH', body, schema: userSchema });
}

export function useUpdateCurrentUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCurrentUser,
    meta: { isErrorToastHidden: true },
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
