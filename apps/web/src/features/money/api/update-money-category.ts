import { moneyCategorySchema, type UpdateMoneyCategoryBody } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';
import { withReadableErrors } from './money-request-error';

export function updateMoneyCategory({ id, body }: { id: string; body: UpdateMoneyCategoryBody }) {
  return withReadableErrors(
    apiRequest(`/api/v1/money/categories/${id}`, { method: 'PATCH', body, schema: moneyCategorySchema }),
  );
}

/** Renames a category or moves it under another one. */
export function useUpdateMoneyCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMoneyCategory,
    meta: { errorMessage: 'Could not save the category' },
    onSettled: () => invalidateMoney(queryClient),
  });
}
