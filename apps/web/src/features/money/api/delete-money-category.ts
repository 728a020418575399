import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';

export function deleteMoneyCategory(id: string) {
  return apiRequest(`/api/v1/money/categories/${id}`, { method: 'DELETE', schema: noContentSchema });
}

/**
 * Deletes a category with its sub-categories. The API refuses (409) while they hold transactions; the
 * screen then offers to move them, so it reports failures itself.
 */
export function useDeleteMoneyCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMoneyCategory,
    meta: { isErrorToastHidden: true },
    onSettled: () => invalidateMoney(queryClient),
  });
}
