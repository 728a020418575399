/**
 * What people type in a timesheet: "8:30", "830", "8.30", "8h30" for a time of day; "1h30", "90",
 * "1:30", "1.5h" for a duration. Each parser answers the value, or null when the text is not one.
 */

const MINUTES_PER_DAY = 1440;
export const MAX_DURATION_MINUTES = 2880;

const pad = (value: number) => String(value).padStart(2, '0');

function clock(hours: number, minutes: number): string | null {
  if (!Number.isInteger(hours) || !Number.isInteger(minutes)) return null;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

/** A time of day as HH:mm on a 24-hour clock; "8", "8:30", "0830", "8.30", "8h30", "8:30 pm". */
export function parseTimeOfDay(text: string): string | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, '');
  if (value === '') return null;
  const meridiem = /^(.*?)(am|pm|a|p)$/.exec(value);
  const body = meridiem ? (meridiem[1] ?? '') : value;
  let hours: number;
  let minutes: number;
  const separated = /^(\d{1,2})[:.h](\d{2})$/.exec(body);
  const digits = /^(\d{1,4})$/.exec(body);
  if (separated) {
    hours = Number(separated[1]);
    minutes = Number(separated[2]);
  } else if (digits) {
    const run = digits[1] ?? '';
    // One or two digits are hours; three or four are hours then minutes ("830", "0830", "1745").
    hours = Number(run.length <= 2 ? run : run.slice(0, -2));
    minutes = run.length <= 2 ? 0 : Number(run.slice(-2));
  } else {
    return null;
  }
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    const isAfternoon = meridiem[2]?.startsWith('p') === true;
    hours = (hours % 12) + (isAfternoon ? 12 : 0);
  }
  return clock(hours, minutes);
}

/**
 * A duration in whole minutes, 1 to 2880: "1h30", "1h 30m", "1 h 30 min", "90" or "90m" (minutes),
 * "1:30", "1.5h" or "1,5 h" (hours), "2h". A bare number is minutes; with a decimal point, hours.
 */
export function parseDuration(text: string): number | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, '').replace(',', '.');
  if (value === '') return null;
  let minutes: number | null = null;
  const clockForm = /^(\d{1,2}):(\d{2})$/.exec(value);
  const hoursAndMinutes = /^(\d{1,2})h(?:ours?)?(?:(\d{1,2})(?:m|min|mins|minutes?)?)?$/.exec(value);
  const minutesOnly = /^(\d{1,4})(?:m|min|mins|minutes?)?$/.exec(value);
  const decimalHours = /^(\d{1,2}(?:\.\d+)?|\.\d+)h?(?:ours?)?$/.exec(value);
  if (clockForm) {
    const rest = Number(clockForm[2]);
    if (rest < 60) minutes = Number(clockForm[1]) * 60 + rest;
  } else if (hoursAndMinutes) {
    const rest = Number(hoursAndMinutes[2] ?? 0);
    if (rest < 60) minutes = Number(hoursAndMinutes[1]) * 60 + rest;
  } else if (minutesOnly) {
    minutes = Number(minutesOnly[1]);
  } else if (decimalHours) {
    minutes = Math.round(Number(decimalHours[1]) * 60);
  }
  if (minutes === null || minutes < 1 || minutes > MAX_DURATION_MINUTES) return null;
  return minutes;
}

const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOfMinute = (minute: number) => {
  const wrapped = ((minute % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${pad(Math.floor(wrapped / 60))}:${pad(wrapped % 60)}`;
};

/**
 * The minutes from start to end; an end before the start is taken as the next day's (past midnight).
 * Equal times make no span (null).
 */
export function spanBetween(
  start: string,
  end: string,
): { minutes: number; crossesMidnight: boolean } | null {
  const difference = minuteOfDay(end) - minuteOfDay(start);
  if (difference === 0) return null;
  return difference > 0
    ? { minutes: difference, crossesMidnight: false }
    : { minutes: difference + MINUTES_PER_DAY, crossesMidnight: true };
}

/** The time `minutes` after `start`, and whether that is on the next day. */
export function addMinutesToTime(start: string, minutes: number): { time: string; crossesMidnight: boolean } {
  const total = minuteOfDay(start) + minutes;
  return { time: timeOfMinute(total), crossesMidnight: total >= MINUTES_PER_DAY };
}

/** The time `minutes` before `end`, and whether that is on the previous day. */
export function subtractMinutesFromTime(
  end: string,
  minutes: number,
): { time: string; crossesMidnight: boolean } {
  const total = minuteOfDay(end) - minutes;
  return { time: timeOfMinute(total), crossesMidnight: total < 0 };
}
