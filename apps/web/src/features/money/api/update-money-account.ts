import { moneyAccountSchema, type UpdateMoneyAccountBody } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';
import { withReadableErrors } from './money-request-error';

export function updateMoneyAccount({ id, body }: { id: string; body: UpdateMoneyAccountBody }) {
  return withReadableErrors(
    apiRequest(`/api/v1/money/accounts/${id}`, { method: 'PATCH', body, schema: moneyAccountSchema }),
  );
}

/** Renames, moves under another account or changes the default currency. */
export function useUpdateMoneyAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMoneyAccount,
    meta: { errorMessage: 'Could not save the account' },
    onSettled: () => invalidateMoney(queryClient),
  });
}
