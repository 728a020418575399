import { type CreateMoneyAccountBody, moneyAccountSchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMoney } from './invalidate-money';
import { withReadableErrors } from './money-request-error';

export function createMoneyAccount(body: CreateMoneyAccountBody) {
  return withReadableErrors(
    apiRequest('/api/v1/money/accounts', { method: 'POST', body, schema: moneyAccountSchema }),
  );
}

export function useCreateMoneyAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMoneyAccount,
    meta: { errorMessage: 'Could not create the account' },
    onSettled: () => invalidateMoney(queryClient),
  });
}
