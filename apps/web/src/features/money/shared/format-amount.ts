import type { Currency } from '@cairn/contracts/currencies';
import { formatMoney, formatNumber } from '../../../lib/format-number';

/** The currency facts a figure is formatted with. */
export type CurrencyFormat = Pick<Currency, 'code' | 'minorUnits'>;

/**
 * A figure in its currency: the code's symbol and the currency's own minor units (JPY 0, BHD 3). An
 * unknown currency still shows the number, with two decimals and no symbol.
 */
export function formatCurrencyAmount(amount: string, currency: CurrencyFormat | undefined): string {
  if (!currency) return formatNumber(amount);
  return formatMoney(amount, { currency: currency.code, decimals: currency.minorUnits });
}

/** How a transaction's amount moves money, seen from where it is shown. */
export type AmountDirection = 'in' | 'out' | 'neutral';

/** "+$12.50", "−$12.50" or "$12.50": signed, so the colour is never the only cue. */
export function formatSignedAmount(
  amount: string,
  currency: CurrencyFormat | undefined,
  direction: AmountDirection,
): string {
  const formatted = formatCurrencyAmount(amount, currency);
  if (direction === 'in') return `+${formatted}`;
  // A true minus sign: it reads as one next to a plus, where a hyphen looks short.
  if (direction === 'out') return `\u2212${formatted}`;
  return formatted;
}

/** The text colours of the three directions, for light and dark themes. */
export const directionClassNames: Record<AmountDirection, string> = {
  in: 'text-emerald-700 dark:text-emerald-400',
  out: 'text-red-700 dark:text-red-400',
  neutral: 'text-foreground',
};
