import { type MoveMoneyAccountTransactionsBody, movedTransactionsSchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';
import { withReadableErrors } from './money-request-error';

export function moveMoneyAccountTransactions({
  id,
  body,
}: {
  id: string;
  body: MoveMoneyAccountTransactionsBody;
}) {
  return withReadableErrors(
    apiRequest(`/api/v1/money/accounts/${id}/move-transactions`, {
      method: 'POST',
      body,
      schema: movedTransactionsSchema,
    }),
  );
}

/** Moves every transaction of the account and its sub-accounts to another account. */
export function useMoveMoneyAccountTransactionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveMoneyAccountTransactions,
    meta: { errorMessage: 'Could not move the transactions' },
    onSettled: () => invalidateMoney(queryClient),
  });
}
