import Decimal from 'decimal.js';
import { formatClock } from './clock';

export { formatClock, formatDurationWords, formatElapsed } from './clock';

/**
 * Durations are whole minutes; with breaks they are exact decimal minutes from the server ("8.05").
 * Sums are exact (decimal.js) and rounded to the minute only when shown.
 */

const MINUTES_PER_HOUR = 60;

/** Decimal minutes rounded half up to the minute: "8.05" → 8, "8.5" → 9. */
export function roundMinutes(decimalMinutes: string): number {
  return new Decimal(decimalMinutes).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** Decimal minutes as h:mm, rounded to the minute only here. */
export function formatDecimalClock(decimalMinutes: string): string {
  return formatClock(roundMinutes(decimalMinutes));
}

/** The exact sum of decimal minutes, as a plain decimal string. */
export function sumDecimalMinutes(values: Iterable<string>): string {
  let total = new Decimal(0);
  for (const value of values) total = total.plus(value);
  return total.toFixed();
}

/** Decimal minutes as hours for a chart's bar height: positions on an axis, never a figure shown. */
export function toChartHours(decimalMinutes: string | number): number {
  return new Decimal(decimalMinutes).dividedBy(MINUTES_PER_HOUR).toDecimalPlaces(4).toNumber();
}

/** Totals of some entries: minutes, and exact minutes with breaks. */
export interface DurationTotals {
  duration: number;
  durationWithBreaks: string;
}

export function sumEntries(
  entries: Iterable<{ duration: number; durationWithBreaks: string }>,
): DurationTotals {
  let duration = 0;
  const withBreaks: string[] = [];
  for (const entry of entries) {
    duration += entry.duration;
    withBreaks.push(entry.durationWithBreaks);
  }
  return { duration, durationWithBreaks: sumDecimalMinutes(withBreaks) };
}

/** Whether breaks add anything to these totals (the "with breaks" figure is then worth showing). */
export function hasBreaks(totals: DurationTotals): boolean {
  return !new Decimal(totals.durationWithBreaks).equals(totals.duration);
}
