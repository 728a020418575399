/**
 * Calendar days as YYYY-MM-DD strings, counted in UTC so no time zone or daylight-saving change can
 * shift them. Weeks start on Monday (spec section 9).
 */

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar day written YYYY-MM-DD (not 2025-02-30). */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function toUtcDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, count: number): string {
  return toDay(new Date(toUtcDate(day).getTime() + count * DAY_MS));
}

/** The Monday of the day's week. */
export function startOfWeek(day: string): string {
  const weekday = toUtcDate(day).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Monday to Sunday of the week starting on `monday`. */
export function daysOfWeek(monday: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** How many days from `from` to `to`, both included. */
export function countDays(from: string, to: string): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / DAY_MS) + 1;
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function endOfMonth(day: string): string {
  const date = toUtcDate(startOfMonth(day));
  return toDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

/** The first day of the month `count` months from the day's. */
export function addMonths(day: string, count: number): string {
  const date = toUtcDate(startOfMonth(day));
  return toDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1)));
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let existing = formatters.get(key);
  if (!existing) {
    existing = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
    formatters.set(key, existing);
  }
  return existing;
}

/** "Monday 10 Nov". */
export function formatDayHeading(day: string): string {
  return formatter({ weekday: 'long', day: 'numeric', month: 'short' }).format(toUtcDate(day));
}

/** "Mon 10 Nov". */
export function formatShortDay(day: string): string {
  return formatter({ weekday: 'short', day: 'numeric', month: 'short' }).format(toUtcDate(day));
}

/** "10 Nov 2026". */
export function formatDay(day: string): string {
  return formatter({ day: 'numeric', month: 'short', year: 'numeric' }).format(toUtcDate(day));
}

/** "10 – 16 Nov 2026", "28 Dec 2026 – 3 Jan 2027". */
export function formatDayRange(from: string, to: string): string {
  return formatter({ day: 'numeric', month: 'short', year: 'numeric' }).formatRange(
    toUtcDate(from),
    toUtcDate(to),
  );
}
