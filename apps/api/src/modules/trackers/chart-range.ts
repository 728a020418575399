import type { ChartTimeRange } from '@cairn/contracts/trackers';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * The calendar days a chart covers, in the user's time zone. Every range ends today (a log dated
 * after today is outside it). 7d, 30d and 90d are the last 7, 30 or 90 days, today included. 1y is
 * the calendar year up to today: from the day after the same date last year (2026-03-10 → from
 * 2025-03-11; 29 February → from 1 March), so 365 days, or 366 when a 29 February falls in it.
 * 'all' starts on the day of the first log, or has no start when there is none.
 */

export type ChartRange = { from: string | null; to: string };

const DAY_MS = 86_400_000;
const DAYS_OF: Record<Exclude<ChartTimeRange, '1y' | 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** Today's date ("YYYY-MM-DD") for someone in `timeZone` at `now`. */
export function getToday(now: Date, timeZone: string): string {
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

/** A calendar day moved by whole days; days are counted on UTC midnights, so no DST enters. */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day after the same date one year earlier; 29 February counts as 28 February there. */
function startOfYearUpTo(day: string): string {
  const monthDay = day.slice(5);
  const lastYear = String(Number(day.slice(0, 4)) - 1).padStart(4, '0');
  return addCalendarDays(`${lastYear}-${monthDay === '02-29' ? '02-28' : monthDay}`, 1);
}

/**
 * The first and last day of a chart's range. `firstLogDay` is read only for 'all': the day of the
 * chart's first log on or before today, or null when it has none.
 */
export function resolveChartRange(options: {
  timeRange: ChartTimeRange;
  today: string;
  firstLogDay?: string | null;
}): ChartRange {
  const { timeRange, today } = options;
  if (timeRange === 'all') return { from: options.firstLogDay ?? null, to: today };
  if (timeRange === '1y') return { from: startOfYearUpTo(today), to: today };
  return { from: addCalendarDays(today, 1 - DAYS_OF[timeRange]), to: today };
}
