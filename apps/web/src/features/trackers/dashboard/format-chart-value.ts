import type { ChartAggregation, ChartData } from '@cairn/contracts/trackers';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, formatMoney, roundDecimal } from '../../../lib/format-number';

export type ChartTracker = ChartData['trackers'][number];

/** A currency's code and minor units, looked up by the tracker's currencyId. */
export type FindCurrency = (currencyId: string) => { code: string; decimals: number } | undefined;

const MAX_DECIMALS = 2;

// Intl.NumberFormat takes a decimal string as an exact value; TypeScript's lib types lag behind.
type ExactFormatter = { format(value: string): string };
const plainFormatter = new Intl.NumberFormat(DEFAULT_LOCALE, {
  maximumFractionDigits: MAX_DECIMALS,
}) as unknown as ExactFormatter;

/** "1234.5" → "1,234.5": up to two places, none written when they are zero. */
function formatPlain(value: string): string {
  return plainFormatter.format(roundDecimal(value, MAX_DECIMALS));
}

/**
 * A chart value as its tracker shows it: money in the tracker's currency, a percentage with its sign,
 * a number with its unit. A count of logs is a plain count whatever the tracker measures.
 */
export function formatChartValue(
  value: string,
  tracker: ChartTracker | undefined,
  { aggregation, findCurrency }: { aggregation: ChartAggregation; findCurrency?: FindCurrency },
): string {
  if (aggregation === 'count') return formatPlain(value);
  if (!tracker) return formatPlain(value);
  if (tracker.valueFormat === 'currency') {
    const currency = tracker.currencyId ? findCurrency?.(tracker.currencyId) : undefined;
    return formatMoney(value, {
      currency: currency?.code ?? DEFAULT_CURRENCY,
      decimals: currency?.decimals ?? MAX_DECIMALS,
    });
  }
  if (tracker.valueFormat === 'percentage') return `${formatPlain(value)}%`;
  return tracker.unit ? `${formatPlain(value)} ${tracker.unit}` : formatPlain(value);
}

const tickFormatter = new Intl.NumberFormat(DEFAULT_LOCALE, {
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Short axis ticks: "1.2k" rather than "1,234.5", the unit left to the tooltip. */
export function formatAxisTick(value: number): string {
  return tickFormatter.format(value);
}

const dayFormatter = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayWithYearFormatter = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2024-03-05" → "Mar 5"; with `withYear`, "Mar 5, 2024". The day is a calendar day: no zone shifts it. */
export function formatChartDay(day: string, { withYear = false }: { withYear?: boolean } = {}): string {
  return (withYear ? dayWithYearFormatter : dayFormatter).format(new Date(`${day}T00:00:00Z`));
}
