import { moneyAccountListSchema } from '@cairn/contracts/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyKeys } from './money-keys';

export function getMoneyAccounts({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/money/accounts', { schema: moneyAccountListSchema, signal });
}

/** The user's accounts and sub-accounts, flat (each names its parent). */
export function moneyAccountsQueryOptions() {
  return queryOptions({
    queryKey: moneyKeys.accounts(),
    queryFn: getMoneyAccounts,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load your accounts' },
  });
}

export function useMoneyAccounts() {
  return useQuery(moneyAccountsQueryOptions());
}
