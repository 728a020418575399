import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

export function getCurrencies({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/currencies').then((contract) => contract.currencyListSchema);
  return apiRequest('/api/v1/currencies', { schema, signal });
}

/** The ISO 4217 currencies the API accepts. */
export function currenciesQueryOptions() {
  return queryOptions({
    queryKey: ['currencies'],
    queryFn: getCurrencies,
    // The ISO list changes a few times a decade.
    staleTime: 24 * 60 * 60 * 1000,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load the list of currencies' },
  });
}

export function useCurrencies() {
  return useQuery(currenciesQueryOptions());
}
