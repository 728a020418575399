import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone: what a native date input holds. */
export function toZonedDay(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first instant of a calendar day in a zone. An unreadable or impossible day (31 February) gives an
 * invalid Date, which the recurrence validation then names, as it would for the API.
 */
export function fromZonedDay(day: string, timeZone: string): Date {
  const parts = dayPattern.exec(day);
  if (!parts) return new Date(Number.NaN);
  const [year, month, date] = [parts[1], parts[2], parts[3]].map(Number) as [number, number, number];
  const zoned = new TZDate(year, month - 1, date, timeZone);
  if (zoned.getFullYear() !== year || zoned.getMonth() !== month - 1 || zoned.getDate() !== date) {
    return new Date(Number.NaN);
  }
  return new Date(zoned.getTime());
}

/** Noon of the day before an instant's day in a zone: safely inside that day whatever the zone's shifts. */
export function getNoonOfDayBefore(instant: Date, timeZone: string): Date {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return new Date(
    new TZDate(zoned.getFullYear(), zoned.getMonth(), zoned.getDate() - 1, 12, 0, timeZone).getTime(),
  );
}

/** An occurrence (the start of its day) at the time of day `time` reads in the zone; unchanged without one. */
export function atTimeOfDay(occurrence: Date, time: Date | null, timeZone: string): Date {
  if (!time) return occurrence;
  const clock = new TZDate(time.getTime(), timeZone);
  const day = new TZDate(occurrence.getTime(), timeZone);
  day.setHours(clock.getHours(), clock.getMinutes(), clock.getSeconds(), 0);
  return new Date(day.getTime());
}
