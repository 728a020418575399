const TIMESTAMPTZ =
  /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?$/;

/**
 * Reads a timestamptz as PostgreSQL writes it ("0001-01-01 00:00:00+00"). `new Date()` would read
 * that text with JavaScript's lenient legacy parser, which takes the years 1 to 49 for 2001 to 2049
 * and cannot read offsets with seconds, so the parts are read one by one.
 */
export function parseTimestamptz(value: string): Date {
  const match = TIMESTAMPTZ.exec(value);
  if (!match) return new Date(value);
  const [
    ,
    year,
    month,
    day,
    hour,
    minute,
    second,
    fraction = '',
    sign,
    offsetHours,
    offsetMinutes,
    offsetSeconds,
  ] = match;
  // Date.UTC maps the years 0 to 99 to 1900 to 1999, so the year is set on its own afterwards.
  const date = new Date(
    Date.UTC(2000, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
  );
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  const offset =
    (Number(offsetHours) * 3600 + Number(offsetMinutes ?? 0) * 60 + Number(offsetSeconds ?? 0)) *
    (sign === '-' ? -1 : 1);
  const milliseconds = Number(fraction.padEnd(3, '0').slice(0, 3));
  return new Date(date.getTime() - offset * 1000 + milliseconds);
}
