import { type CreateMoneyCategoryBody, moneyCategorySchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';
import { withReadableErrors } from './money-request-error';

export function createMoneyCategory(body: CreateMoneyCategoryBody) {
  return withReadableErrors(
    apiRequest('/api/v1/money/categories', { method: 'POST', body, schema: moneyCategorySchema }),
  );
}

export function useCreateMoneyCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMoneyCategory,
    meta: { errorMessage: 'Could not create the category' },
    onSettled: () => invalidateMoney(queryClient),
  });
}
