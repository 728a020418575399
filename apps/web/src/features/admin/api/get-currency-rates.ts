import { queryOptions } from '@tanstack/react-query';
import { getCurrencies } from '../../../lib/currencies';
import { adminKeys } from './admin-keys';

/**
 * The currencies with their current rates. Its own key rather than the shared currency list's, which
 * is kept for a day: an administrator setting rates wants them as they are now.
 */
export function currencyRatesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.currencyRates(),
    queryFn: getCurrencies,
    select: (data) => data.items,
    meta: { errorMessage: 'Could not load the currency rates' },
  });
}
