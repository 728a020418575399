import type { Currency } from '@cairn/contracts/currencies';
import { useMemo } from 'react';
import { useCurrencies } from '../../../lib/currencies';
import { useCurrentUser } from '../../../lib/current-user';
import { DEFAULT_CURRENCY } from '../../../lib/format-number';

export interface MoneyLookups {
  currencies: readonly Currency[];
  currencyById: ReadonlyMap<string, Currency>;
  /** The user's currency, which balances and totals are converted to. */
  userCurrency: Currency | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
}

/** The currencies and the user's own, which every money screen formats its figures with. */
export function useMoneyLookups(): MoneyLookups {
  const currencies = useCurrencies();
  const user = useCurrentUser();
  const userCurrencyCode = user.data?.currency ?? DEFAULT_CURRENCY;
  return useMemo(() => {
    const items = currencies.data ?? [];
    const currencyById = new Map(items.map((currency) => [currency.id, currency]));
    return {
      currencies: items,
      currencyById,
      userCurrency: items.find((currency) => currency.code === userCurrencyCode),
      isLoading: currencies.isPending,
      isError: currencies.isError,
      refetch: () => void currencies.refetch(),
    };
  }, [currencies.data, currencies.isPending, currencies.isError, currencies.refetch, userCurrencyCode]);
}
