import Decimal from 'decimal.js';

/**
 * Durations are whole minutes; with breaks they are exact decimal minutes from the server ("8.05").
 * Sums are exact (decimal.js) and rounded to the minute only when shown.
 */

const MINUTES_PER_HOUR = 60;

/** 90 → "1:30", 5 → "0:05", 1500 → "25:00": the timesheet's h:mm. */
export function formatClock(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(Math.round(minutes));
  const hours = Math.floor(whole / MINUTES_PER_HOUR);
  return `${sign}${hours}:${String(whole % MINUTES_PER_HOUR).padStart(2, '0')}`;
}

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

/** 90 → "1 h 30 min", 185 → "3 h 05 min", 45 → "45 min", 120 → "2 h". */
export function formatDurationWords(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / MINUTES_PER_HOUR);
  const rest = whole % MINUTES_PER_HOUR;
  if (hours === 0) return `${rest} min`;
  if (rest === 0) return `${hours} h`;
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
}

/** Milliseconds as h:mm:ss, the running timer's face. */
export function formatElapsed(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
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
