import Decimal from 'decimal.js';

/**
 * Money and measured values arrive as decimal strings ("-1234.5"). They are rounded with decimal.js
 * and handed to Intl.NumberFormat as strings, which it formats exactly: no digit that matters ever
 * passes through a float.
 */

/** nearest: halves away from zero; up: toward +∞ (ceiling); down: toward −∞ (floor). */
export type Rounding = 'nearest' | 'up' | 'down';

export type NumberFormatOptions = {
  /** BCP 47 locale; en-US by default. */
  locale?: string;
  /** Digits after the point, always shown; 2 by default. */
  decimals?: number;
  rounding?: Rounding;
};

export type MoneyFormatOptions = NumberFormatOptions & {
  /** ISO 4217 code; USD by default. */
  currency?: string;
};

export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_DECIMALS = 2;

const roundingModes: Record<Rounding, Decimal.Rounding> = {
  nearest: Decimal.ROUND_HALF_UP,
  up: Decimal.ROUND_CEIL,
  down: Decimal.ROUND_FLOOR,
};

// Wide enough for numeric(20,6) and a percentage of it, whatever a global configuration says.
const Exact = Decimal.clone({ precision: 40 });

/** The value rounded to `decimals` places, as a plain decimal string ("-0" comes out as "0"). */
export function roundDecimal(value: string, decimals: number, rounding: Rounding = 'nearest'): string {
  const rounded = new Exact(value).toDecimalPlaces(decimals, roundingModes[rounding]);
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(decimals);
}

// Intl.NumberFormat takes a decimal string as an exact value; TypeScript's lib types lag behind.
type ExactFormatter = { format(value: string): string };

// Making a formatter costs far more than formatting with one, and long lists format a figure per row.
const formatters = new Map<string, ExactFormatter>();

function exactFormatter(locale: string, options: Intl.NumberFormatOptions): ExactFormatter {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options) as unknown as ExactFormatter;
    formatters.set(key, formatter);
  }
  return formatter;
}

function fractionDigits(decimals: number) {
  return { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
}

/** "1234.5" → "$1,234.50" (USD, en-US, 2 decimals unless told otherwise). */
export function formatMoney(amount: string, options: MoneyFormatOptions = {}): string {
  const decimals = options.decimals ?? DEFAULT_DECIMALS;
  return exactFormatter(options.locale ?? DEFAULT_LOCALE, {
    style: 'currency',
    currency: options.currency ?? DEFAULT_CURRENCY,
    ...fractionDigits(decimals),
  }).format(roundDecimal(amount, decimals, options.rounding));
}

/** "1234.5" → "1,234.50". */
export function formatNumber(value: string, options: NumberFormatOptions = {}): string {
  const decimals = options.decimals ?? DEFAULT_DECIMALS;
  return exactFormatter(options.locale ?? DEFAULT_LOCALE, {
    style: 'decimal',
    ...fractionDigits(decimals),
  }).format(roundDecimal(value, decimals, options.rounding));
}

/** A ratio as a percentage: "0.125" → "12.50%"; `decimals` counts places of the percentage. */
export function formatPercent(ratio: string, options: NumberFormatOptions = {}): string {
  const decimals = options.decimals ?? DEFAULT_DECIMALS;
  const percentage = roundDecimal(new Exact(ratio).times(100).toFixed(), decimals, options.rounding);
  // Back to a ratio for Intl, which multiplies by 100 again; dividing a decimal by 100 is exact.
  return exactFormatter(options.locale ?? DEFAULT_LOCALE, {
    style: 'percent',
    ...fractionDigits(decimals),
  }).format(new Exact(percentage).dividedBy(100).toFixed());
}
