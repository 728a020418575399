import { moneyBalancesSchema } from '@cairn/contracts/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyKeys } from './money-keys';

export function getMoneyBalances({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/api/v1/money/balances', { schema: moneyBalancesSchema, signal });
}

/** Today's balance of every account, per currency and converted to the user's currency. */
export function moneyBalancesQueryOptions() {
  return queryOptions({
    queryKey: moneyKeys.balances(),
    queryFn: getMoneyBalances,
    meta: { errorMessage: 'Could not load your balances' },
  });
}

export function useMoneyBalances() {
  return useQuery(moneyBalancesQueryOptions());
}
