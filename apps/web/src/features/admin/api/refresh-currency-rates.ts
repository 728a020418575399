import { ratesRefreshResultSchema } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** Fetches the rates from the configured source now, as the daily job does. */
export function refreshCurrencyRates() {
  return apiRequest('/api/v1/currencies/rates/refresh', { method: 'POST', schema: ratesRefreshResultSchema });
}

export function useRefreshCurrencyRatesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshCurrencyRates,
    meta: { errorMessage: 'Could not refresh the rates' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.currencyRates() }),
        queryClient.invalidateQueries({ queryKey: ['currencies'] }),
      ]),
  });
}
