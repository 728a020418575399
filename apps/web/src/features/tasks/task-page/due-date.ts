import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** What the native date and time inputs hold for an instant, seen in a time zone. */
export interface DueDateInputs {
  /** YYYY-MM-DD, or '' when there is no due date. */
  date: string;
  /** HH:mm, or '' when there is no due date. */
  time: string;
}

export function toDueDateInputs(instant: Date | null, timeZone: string): DueDateInputs {
  if (!instant) return { date: '', time: '' };
  const zoned = new TZDate(instant, timeZone);
  return { date: format(zoned, 'yyyy-MM-dd'), time: format(zoned, 'HH:mm') };
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

/** A due date as a person reads it, in the time zone: "Tue 12 Mar 2024, 14:30" (no time at midnight). */
export function formatDueDate(instant: Date, timeZone: string): string {
  const zoned = new TZDate(instant, timeZone);
  const isMidnight = zoned.getHours() === 0 && zoned.getMinutes() === 0;
  return format(zoned, isMidnight ? 'EEE d MMM yyyy' : 'EEE d MMM yyyy, HH:mm');
}
