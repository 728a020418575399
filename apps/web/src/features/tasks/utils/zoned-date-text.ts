// A day and time in fixed English patterns, read from a date's own getters (a TZDate's getters read
// its zone). Written out rather than with date-fns' `format`, which with its locale would add some
// 5 KB (brotli) to every task screen's first load for these few patterns.

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "2026-05-06". */
export function toCalendarDay(day: Date): string {
  return `${day.getFullYear()}-${twoDigits(day.getMonth() + 1)}-${twoDigits(day.getDate())}`;
}

const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * Days since 1970-01-01 of the calendar day a date's getters read; the difference of two is how many
 * days apart they are in the zone. date-fns' differenceInCalendarDays gives the same, but rebuilds both
 * dates to start their days, which for a TZDate asks Intl for the zone's offset again several times:
 * five times as slow, for a label every row of a list shows.
 */
export function calendarDayNumber(day: Date): number {
  return Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) / MS_PER_DAY;
}

/** "15:30". */
export function toClockTime(day: Date): string {
  return `${twoDigits(day.getHours())}:${twoDigits(day.getMinutes())}`;
}

/** "Wednesday", or "Wed" with `isShort`. */
export function weekdayName(day: Date, { isShort = false } = {}): string {
  const name = weekdays[day.getDay()] ?? '';
  return isShort ? name.slice(0, 3) : name;
}

/** "May", "Jan" with `isShort`. */
export function monthName(day: Date, { isShort = false } = {}): string {
  const name = months[day.getMonth()] ?? '';
  return isShort ? name.slice(0, 3) : name;
}
