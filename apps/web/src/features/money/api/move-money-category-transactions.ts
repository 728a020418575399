import { type MoveMoneyCategoryTransactionsBody, movedTransactionsSchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';
import { withReadableErrors } from './money-request-error';

export function moveMoneyCategoryTransactions({
  id,
  body,
}: {
  id: string;
  body: MoveMoneyCategoryTransactionsBody;
}) {
  return withReadableErrors(
    apiRequest(`/api/v1/money/categories/${id}/move-transactions`, {
      method: 'POST',
      body,
      schema: movedTransactionsSchema,
    }),
  );
}

/** Files every transaction of the category and its sub-categories under another (or none). */
export function useMoveMoneyCategoryTransactionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveMoneyCategoryTransactions,
    meta: { errorMessage: 'Could not move the transactions' },
    onSettled: () => invalidateMoney(queryClient),
  });
}
