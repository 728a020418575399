import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';

export function deleteMoneyAccount(id: string) {
  return apiRequest(`/api/v1/money/accounts/${id}`, { method: 'DELETE', schema: noContentSchema });
}

/**
 * Deletes an account with its sub-accounts. The API refuses (409) while they hold transactions; the
 * screen then offers to move them, so it reports failures itself.
 */
export function useDeleteMoneyAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMoneyAccount,
    meta: { isErrorToastHidden: true },
    onSettled: () => invalidateMoney(queryClient),
  });
}
