const TIMESTAMPTZ =
  /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?$/;

/**
 * Reads a timestamptz as PostgreSQL writes it ("0001-01-01 00:00:00+00"). `new Date()` would read
 * that text with JavaScript's lenient legacy parser, which takes the years 1 to 49 for 2001 to 2049
 * and cannot read offsets with seconds, so the parts are read one by one.
 */
export function parseTimestamptz(value: string): Date {
  const common = parseWholeHourOffset(value);
  if (common !== undefined) return common;
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

/** The number written by the digits from `start` up to `end`, or -1 if any character there is not a digit. */
function readDigits(value: string, start: number, end: number): number {
  let number = 0;
  for (let index = start; index < end; index += 1) {
    const digit = value.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}

const DASH = 45;
const COLON = 58;
const SPACE = 32;
const DOT = 46;
const PLUS = 43;
const MINUS = 45;

/**
 * The form nearly every value takes ("2026-11-23 16:34:53.123456+00": a four-digit year from 100 on,
 * an offset of whole hours), read character by character: a page of tasks holds thousands of
 * timestamps, and this reads them several times faster than the pattern does. Anything else is
 * left to the pattern (undefined).
 */
function parseWholeHourOffset(value: string): Date | undefined {
  const length = value.length;
  if (length < 22 || length > 29) return undefined;
  const sign = value.charCodeAt(length - 3);
  if (sign !== PLUS && sign !== MINUS) return undefined;
  if (
    value.charCodeAt(4) !== DASH ||
    value.charCodeAt(7) !== DASH ||
    value.charCodeAt(10) !== SPACE ||
    value.charCodeAt(13) !== COLON ||
    value.charCodeAt(16) !== COLON
  ) {
    return undefined;
  }
  const year = readDigits(value, 0, 4);
  const month = readDigits(value, 5, 7);
  const day = readDigits(value, 8, 10);
  const hour = readDigits(value, 11, 13);
  const minute = readDigits(value, 14, 16);
  const second = readDigits(value, 17, 19);
  const offsetHours = readDigits(value, length - 2, length);
  // Fractions of a second, if any: a dot and one to six digits, of which the first three count.
  let milliseconds = 0;
  if (length > 22) {
    const fractionDigits = length - 23;
    if (value.charCodeAt(19) !== DOT || fractionDigits < 1 || fractionDigits > 6) return undefined;
    const fraction = readDigits(value, 20, 20 + Math.min(fractionDigits, 3));
    if (fraction < 0 || readDigits(value, 20, length - 3) < 0) return undefined;
    milliseconds = fraction * 10 ** Math.max(0, 3 - fractionDigits);
  } else if (length !== 22) {
    return undefined;
  }
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0 || offsetHours < 0) {
    return undefined;
  }
  const offset = (sign === MINUS ? -offsetHours : offsetHours) * 3_600_000;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, milliseconds) - offset);
}
