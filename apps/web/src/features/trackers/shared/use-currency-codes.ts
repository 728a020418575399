import { useMemo } from 'react';
import { useCurrencies } from '../../../lib/currencies';

/** Each currency's ISO code by its id, for formatting currency trackers. */
export function useCurrencyCodes(): ReadonlyMap<string, string> {
  const { data } = useCurrencies();
  return useMemo(() => new Map((data ?? []).map((currency) => [currency.id, currency.code])), [data]);
}
