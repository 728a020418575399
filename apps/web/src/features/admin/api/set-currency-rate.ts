import { currencyRateSchema, type SetCurrencyRateBody } from '@cairn/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface SetCurrencyRateVariables {
  currencyId: string;
  body: SetCurrencyRateBody;
}

export function setCurrencyRate({ currencyId, body }: SetCurrencyRateVariables) {
  return apiRequest(`/api/v1/currencies/${currencyId}/rate`, {
    method: 'PUT',
    body,
    schema: currencyRateSchema,
  });
}

/** A day's rate; the form shows what the server refused beside its field. */
export function useSetCurrencyRateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCurrencyRate,
    meta: { isErrorToastHidden: true },
    // The shared currency list carries the rates the money screens convert with.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.currencyRates() }),
        queryClient.invalidateQueries({ queryKey: ['currencies'] }),
      ]),
  });
}
