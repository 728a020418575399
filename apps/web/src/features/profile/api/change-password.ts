import type { ChangePasswordBody } from '@cairn/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordBody) {
  return apiRequest('/api/v1/users/me/password', { method: 'POST', body, schema: noContentSchema });
}

export function useChangePasswordMutation() {
  return useMutation({ mutationFn: changePassword, meta: { isErrorToastHidden: true } });
}
