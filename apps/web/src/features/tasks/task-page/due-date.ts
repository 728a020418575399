import { TZDate } from '@date-fns/tz';
import { monthName, toCalendarDay, toClockTime, weekdayName } from '../utils/zoned-date-text';

/** What the native date and time inputs hold for an instant, seen in a time zone. */
export interface DueDateInputs {
  /** YYYY-MM-DD, or '' when there is no due date. */
  date: string;
  /** HH:mm, or '' when there is no due date or it is a whole day. */
  time: string;
}

/** A due date as the API takes it: the instant, and whether its time counts or it is a whole day. */
export interface DueDateChange {
  dueDate: string | null;
  dueDateHasTime: boolean;
}

export function toDueDateInputs(instant: Date | null, timeZone: string, hasTime = true): DueDateInputs {
  if (!instant) return { date: '', time: '' };
  const zoned = new TZDate(instant, timeZone);
  return { date: toCalendarDay(zoned), time: hasTime ? toClockTime(zoned) : '' };
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(\d{2}):(\d{2})$/;

/**
 * The instant (ISO, UTC) the inputs mean in the time zone; null when the date is empty, undefined when
 * the inputs hold no valid date. A date without a time means the start of that day.
 */
export function fromDueDateInputs(inputs: DueDateInputs, timeZone: string): string | null | undefined {
  if (inputs.date === '') return null;
  const date = datePattern.exec(inputs.date);
  const time = inputs.time === '' ? ['', '00', '00'] : timePattern.exec(inputs.time);
  if (!date || !time) return undefined;
  const [year, month, day, hours, minutes] = [date[1], date[2], date[3], time[1], time[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const zoned = new TZDate(year, month - 1, day, hours, minutes, timeZone);
  // Out-of-range parts (31 February) roll over; refuse them rather than save another day.
  if (zoned.getDate() !== day || zoned.getMonth() !== month - 1 || Number.isNaN(zoned.getTime())) {
    return undefined;
  }
  return new Date(zoned.getTime()).toISOString();
}

/**
 * What the inputs mean as a due date: a date alone is a whole day, a date and a time a timed due.
 * Undefined when the inputs hold no valid date.
 */
export function toDueDateChange(inputs: DueDateInputs, timeZone: string): DueDateChange | undefined {
  const dueDate = fromDueDateInputs(inputs, timeZone);
  if (dueDate === undefined) return undefined;
  return { dueDate, dueDateHasTime: dueDate !== null && inputs.time !== '' };
}

/**
 * A date as a person reads it, in the time zone: "Tue 12 Mar 2024, 14:30", or "Tue 12 Mar 2024" for a
 * whole-day due (`hasTime: false`), which never shows a time.
 */
export function formatDueDate(instant: Date, timeZone: string, options = { hasTime: true }): string {
  const zoned = new TZDate(instant, timeZone);
  const day = `${weekdayName(zoned, { isShort: true })} ${zoned.getDate()} ${monthName(zoned, { isShort: true })} ${zoned.getFullYear()}`;
  return options.hasTime ? `${day}, ${toClockTime(zoned)}` : day;
}
