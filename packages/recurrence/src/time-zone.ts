import { DAY_MS, getDayFromCivil } from './calendar-day';

const UTC_ZONE = 'UTC';
const formatters = new Map<string, Intl.DateTimeFormat>();

function getFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    getFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall-clock reading at an instant, expressed as milliseconds on a UTC time line
 * (whole seconds; zone offsets never carry milliseconds).
 */
function getWallTime(instant: number, timeZone: string): number {
  if (timeZone === UTC_ZONE) return instant;
  const parts = getFormatter(timeZone).formatToParts(Math.floor(instant / 1000) * 1000);
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let isBeforeCommonEra = false;
  for (const part of parts) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value);
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      case 'era':
        isBeforeCommonEra = part.value.startsWith('B');
        break;
    }
  }
  // en-US counts years before 1 CE as "1 BC", "2 BC", …; astronomical numbering has a year 0.
  const astronomicalYear = isBeforeCommonEra ? 1 - year : year;
  return (
    getDayFromCivil(astronomicalYear, month, day) * DAY_MS +
    hour * 3_600_000 +
    minute * 60_000 +
    second * 1000
  );
}

function getOffset(instant: number, timeZone: string): number {
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return getWallTime(wholeSecond, timeZone) - wholeSecond;
}

/** The calendar day an instant falls on in a zone. */
export function getCalendarDayOfInstant(instant: number, timeZone: string): number {
  return Math.floor(getWallTime(instant, timeZone) / DAY_MS);
}

/**
 * The first instant of a calendar day in a zone: normally 00:00, the end of the gap when a DST change
 * skips midnight, and null when the zone skipped the whole day (Pacific/Apia on 2011-12-30).
 */
export function getStartOfDay(calendarDay: number, timeZone: string): number | null {
  const midnight = calendarDay * DAY_MS;
  if (timeZone === UTC_ZONE) return midnight;

  // Offsets a day either side bracket any transition near this midnight.
  const offsetBefore = getOffset(midnight - DAY_MS, timeZone);
  const offsetAfter = getOffset(midnight + DAY_MS, timeZone);
  const candidates = offsetBefore === offsetAfter ? [offsetBefore] : [offsetBefore, offsetAfter];
  let first: number | null = null;
  for (const offset of candidates) {
    const instant = midnight - offset;
    if (getOffset(instant, timeZone) === offset && (first === null || instant < first)) first = instant;
  }
  if (first !== null) return first;

  // Midnight fell in a gap: the day starts at the transition, the first instant whose wall time is
  // at or past midnight. Wall time rises monotonically between these bounds, so bisect on seconds.
  let low = Math.floor((midnight - Math.max(offsetBefore, offsetAfter)) / 1000);
  let high = Math.ceil((midnight - Math.min(offsetBefore, offsetAfter)) / 1000);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (getWallTime(middle * 1000, timeZone) >= midnight) high = middle;
    else low = middle + 1;
  }
  const transition = low * 1000;
  return getCalendarDayOfInstant(transition, timeZone) === calendarDay ? transition : null;
}
