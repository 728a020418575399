import type { DeleteUserBody } from '@cairn/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

export function deleteAccount(body: DeleteUserBody) {
  return apiRequest('/api/v1/users/me', { method: 'DELETE', body, schema: noContentSchema });
}

export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: deleteAccount,
    meta: { isErrorToastHidden: true },
    onSuccess: () => endSession('account-deleted'),
  });
}
