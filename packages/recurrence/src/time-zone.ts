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
  // format() is about three times faster than formatToParts(). en-US with h23 reads
  // "M/D/Y AD, HH:MM:SS"; only the order of the numbers and the era are relied on.
  const text = getFormatter(timeZone).format(Math.floor(instant / 1000) * 1000);
  const [month = 1, day = 1, year = 0, hour = 0, minute = 0, second = 0] = (text.match(/\d+/g) ?? []).map(
    Number,
  );
  // Years before 1 CE read "1 BC", "2 BC", …; astronomical numbering has a year 0.
  const astronomicalYear = text.includes('B') ? 1 - year : year;
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

// Offsets sampled at 00:00 UTC of each calendar day, per zone. Neighbouring days share samples, so a
// run of consecutive days costs about one lookup per day. Cleared when full to bound memory.
const MAX_SAMPLES_PER_ZONE = 50_000;
const offsetSamples = new Map<string, Map<number, number>>();

function getSampledOffset(calendarDay: number, timeZone: string): number {
  let samples = offsetSamples.get(timeZone);
  if (!samples) {
    samples = new Map();
    offsetSamples.set(timeZone, samples);
  }
  let offset = samples.get(calendarDay);
  if (offset === undefined) {
    if (samples.size >= MAX_SAMPLES_PER_ZONE) samples.clear();
    offset = getOffset(calendarDay * DAY_MS, timeZone);
    samples.set(calendarDay, offset);
  }
  return offset;
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

  // Samples a day either side bracket any transition near this midnight (every offset, even a
  // historical local mean time, is well under a day); when all three agree the offset is settled.
  const offsetBefore = getSampledOffset(calendarDay - 1, timeZone);
  const offsetBetween = getSampledOffset(calendarDay, timeZone);
  const offsetAfter = getSampledOffset(calendarDay + 1, timeZone);
  if (offsetBefore === offsetAfter && offsetBetween === offsetBefore) return midnight - offsetBefore;

  // Near a transition: midnight exists under one of the offsets (the earlier instant wins when it
  // exists twice), or not at all.
  const candidates = [...new Set([offsetBefore, offsetBetween, offsetAfter])];
  let first: number | null = null;
  for (const offset of candidates) {
    const instant = midnight - offset;
    if (getOffset(instant, timeZone) === offset && (first === null || instant < first)) first = instant;
  }
  if (first !== null) return first;

  // Midnight fell in a gap: the day starts at the transition, the first instant whose wall time is
  // at or past midnight. Wall time rises monotonically between these bounds, so bisect on seconds.
  let low = Math.floor((midnight - Math.max(...candidates)) / 1000);
  let high = Math.ceil((midnight - Math.min(...candidates)) / 1000);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (getWallTime(middle * 1000, timeZone) >= midnight) high = middle;
    else low = middle + 1;
  }
  const transition = low * 1000;
  return getCalendarDayOfInstant(transition, timeZone) === calendarDay ? transition : null;
}
