import { moneyTransactionSchema, type UpdateMoneyTransactionBody } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';
import { withReadableErrors } from './money-request-error';

export function updateMoneyTransaction({ id, body }: { id: string; body: UpdateMoneyTransactionBody }) {
  return withReadableErrors(
    apiRequest(`/api/v1/money/transactions/${id}`, { method: 'PATCH', body, schema: moneyTransactionSchema }),
  );
}

/** Saves an edit; on either side of a transfer it edits the transfer as a whole. */
export function useUpdateMoneyTransactionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMoneyTransaction,
    meta: { errorMessage: 'Could not save the transaction' },
    onSettled: () => invalidateMoney(queryClient),
  });
}
