import { type CreateMoneyTransactionBody, moneyTransactionSchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import type { RegisterFilters } from '../page/money-search';
import { invalidateMoney } from './invalidate-money';
import { moneyKeys } from './money-keys';
import { withReadableErrors } from './money-request-error';
import {
  isInRegister,
  type RegisterData,
  toProvisionalTransaction,
  withTransactionInserted,
} from './register-cache';

export function createMoneyTransaction(body: CreateMoneyTransactionBody) {
  return withReadableErrors(
    apiRequest('/api/v1/money/transactions', { method: 'POST', body, schema: moneyTransactionSchema }),
  );
}

/**
 * Adds income, an expense or a transfer. The row shows in the cached registers it belongs to at once
 * and goes if the server refuses; then the whole area refreshes, as balances and reports changed.
 */
export function useCreateMoneyTransactionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMoneyTransaction,
    meta: { errorMessage: 'Could not add the transaction' },
    onMutate: async (body) => {
      const snapshot = await snapshotQueries(queryClient, [moneyKeys.transactionLists()]);
      const provisional = toProvisionalTransaction(body, new Date());
      for (const [queryKey, data] of queryClient.getQueriesData<RegisterData>({
        queryKey: moneyKeys.transactionLists(),
      })) {
        const filters = queryKey[2] as RegisterFilters | undefined;
        if (!data || !filters || isInRegister(provisional, filters) !== true) continue;
        queryClient.setQueryData(queryKey, withTransactionInserted(data, provisional, filters));
      }
      return { snapshot };
    },
    onError: (_error, _body, context) => restoreQueries(queryClient, context?.snapshot),
    onSettled: () => invalidateMoney(queryClient),
  });
}
