import type { Currency } from '@cairn/contracts/currencies';
import { useMemo } from 'react';
import { useCurrencies } from '../../../lib/currencies';
import { useCurrentUser } from '../../../lib/current-user';
import { DEFAULT_CURRENCY, DEFAULT_DECIMALS, formatMoney } from '../../../lib/format-number';

export type FormatAmount = (amount: string, currencyId?: string | null) => string;

/** The currency's code and minor units; the user's currency when none is named or it is unknown. */
export function findFormatCurrency(
  currencies: readonly Currency[] | undefined,
  userCurrencyCode: string | undefined,
  currencyId?: string | null,
): { code: string; decimals: number } {
  const currency =
    (currencyId ? currencies?.find((candidate) => candidate.id === currencyId) : undefined) ??
    currencies?.find((candidate) => candidate.code === userCurrencyCode);
  return {
    code: currency?.code ?? userCurrencyCode ?? DEFAULT_CURRENCY,
    // A few ISO entries (gold, test codes) have no minor unit.
    decimals: currency ? Math.max(0, currency.minorUnits) : DEFAULT_DECIMALS,
  };
}

export interface MoneyFormat {
  /** An amount in its currency (the user's when left out), with that currency's minor units. */
  formatAmount: FormatAmount;
  /** The ISO code amounts of that currency (the user's when left out) are shown in. */
  getCurrencyCode: (currencyId?: string | null) => string;
}

export function useMoneyFormat(): MoneyFormat {
  const currencies = useCurrencies().data;
  const userCurrency = useCurrentUser().data?.currency;
  return useMemo(
    () => ({
      formatAmount: (amount, currencyId) => {
        const { code, decimals } = findFormatCurrency(currencies, userCurrency, currencyId);
        return formatMoney(amount, { currency: code, decimals });
      },
      getCurrencyCode: (currencyId) => findFormatCurrency(currencies, userCurrency, currencyId).code,
    }),
    [currencies, userCurrency],
  );
}
