import {
  type MoneyTransaction,
  moneyTransactionSchema,
  type UpdateMoneyTransactionBody,
} from '@cairn/contracts/money';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RegisterFilters } from '../page/money-search';
import { invalidateMoney } from './invalidate-money';
import { moneyKeys } from './money-keys';
import { withReadableErrors } from './money-request-error';
import { type RegisterData, withTransactionReplaced } from './register-cache';

export function updateMoneyTransaction({ id, body }: { id: string; body: UpdateMoneyTransactionBody }) {
  return withReadableErrors(
    apiRequest(`/api/v1/money/transactions/${id}`, { method: 'PATCH', body, schema: moneyTransactionSchema }),
  );
}

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Puts the saved row in place in every register listing that can take it there, and refreshes the
 * rest of the area: balances and reports follow from the amounts, the accounts' and categories'
 * transaction counts only from moving a row between them. A listing that has scrolled through
 * hundreds of pages is thus not read again page by page for a changed amount or note.
 */
function settleEdit(queryClient: QueryClient, transaction: MoneyTransaction): Promise<void> {
  const kept: QueryKey[] = [];
  let previous: MoneyTransaction | undefined;
  for (const [queryKey, data] of queryClient.getQueriesData<RegisterData>({
    queryKey: moneyKeys.transactionLists(),
  })) {
    if (!data) continue;
    previous ??= data.pages.flatMap((page) => page.items).find((item) => item.id === transaction.id);
    const filters = (queryKey[2] ?? {}) as RegisterFilters;
    const next = withTransactionReplaced(data, transaction, filters);
    if (!next) continue;
    queryClient.setQueryData(queryKey, next);
    kept.push(queryKey);
  }
  const isMoved =
    !previous ||
    previous.accountId !== transaction.accountId ||
    previous.subAccountId !== transaction.subAccountId ||
    previous.categoryId !== transaction.categoryId ||
    previous.subCategoryId !== transaction.subCategoryId ||
    previous.transfer?.accountId !== transaction.transfer?.accountId ||
    previous.transfer?.subAccountId !== transaction.transfer?.subAccountId;
  if (isMoved && kept.length === 0) return invalidateMoney(queryClient);
  return queryClient.invalidateQueries({
    queryKey: moneyKeys.all,
    predicate: (query) =>
      !kept.some((key) => sameKey(key, query.queryKey)) &&
      (isMoved ||
        !(sameKey(query.queryKey, moneyKeys.accounts()) || sameKey(query.queryKey, moneyKeys.categories()))),
  });
}

/** Saves an edit; on either side of a transfer it edits the transfer as a whole. */
export function useUpdateMoneyTransactionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMoneyTransaction,
    meta: { errorMessage: 'Could not save the transaction' },
    onSuccess: (transaction) => settleEdit(queryClient, transaction),
    onError: () => invalidateMoney(queryClient),
  });
}
