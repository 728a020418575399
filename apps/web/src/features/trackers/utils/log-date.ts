import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Today's calendar day (YYYY-MM-DD) in the time zone, at `now`. */
export function zonedToday(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
}

/**
 * The instant a quick entry is logged at: now for today (so the latest value of today is the last one
 * typed), else noon of that day in the user's zone, safely inside the day whatever the offset.
 */
export function logDateForDay(day: string, timeZone: string, now: Date = new Date()): string {
  if (day === zonedToday(timeZone, now)) return now.toISOString();
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, date, 12, 0, 0, timeZone).toISOString();
}

/** An instant as a datetime-local field shows it in the zone ("2025-03-01T08:30"). */
export function toDateTimeInput(instant: Date, timeZone: string): string {
  return format(new TZDate(instant, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local field's value, read in the zone, as an ISO instant with offset; undefined if blank. */
export function fromDateTimeInput(value: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return undefined;
  const [, year, month, date, hours, minutes] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new TZDate(year, month - 1, date, hours, minutes, 0, timeZone).toISOString();
}

// One formatter per zone: making one costs far more than formatting a row's date with it.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "Mar 1, 2025, 08:30" in the user's zone. */
export function formatLogDateTime(instant: Date, timeZone: string): string {
  let formatter = dateTimeFormats.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    dateTimeFormats.set(timeZone, formatter);
  }
  return formatter.format(instant);
}
