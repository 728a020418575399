import type { MoneyTransaction } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import { invalidateMoney } from './invalidate-money';
import { moneyKeys } from './money-keys';
import type { RegisterData } from './register-cache';

export function deleteMoneyTransaction(id: string) {
  return apiRequest(`/api/v1/money/transactions/${id}`, { method: 'DELETE', schema: noContentSchema });
}

function isSameEntry(item: MoneyTransaction, removed: MoneyTransaction): boolean {
  return item.id === removed.id || (removed.transferId !== null && item.transferId === removed.transferId);
}

/**
 * Deletes a transaction (both sides of a transfer). It leaves the register at once and comes back if
 * the server refuses; then the area refreshes, as balances and reports changed.
 */
export function useDeleteMoneyTransactionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transaction: MoneyTransaction) => deleteMoneyTransaction(transaction.id),
    meta: { errorMessage: 'Could not delete the transaction' },
    onMutate: async (transaction) => {
      const snapshot = await snapshotQueries(queryClient, [moneyKeys.transactionLists()]);
      queryClient.setQueriesData<RegisterData>({ queryKey: moneyKeys.transactionLists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => !isSameEntry(item, transaction)),
              })),
            }
          : data,
      );
      return { snapshot };
    },
    onError: (_error, _transaction, context) => restoreQueries(queryClient, context?.snapshot),
    onSettled: () => invalidateMoney(queryClient),
  });
}
