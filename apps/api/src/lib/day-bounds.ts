import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';

export type DayBounds = {
  now: Date;
  startOfToday: Date;
  startOfTomorrow: Date;
  startOfDayAfterTomorrow: Date;
};

/** Where today and tomorrow begin and end for someone in `timeZone`, DST days included. */
export function getDayBounds(now: Date, timeZone: string): DayBounds {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  return {
    now,
    startOfToday: new Date(today.getTime()),
    startOfTomorrow: new Date(startOfDay(addDays(today, 1)).getTime()),
    startOfDayAfterTomorrow: new Date(startOfDay(addDays(today, 2)).getTime()),
  };
}

/** The start of the calendar day `instant` falls on in `timeZone` (a whole-day due is stored as this). */
export function getStartOfDay(instant: Date, timeZone: string): Date {
  return new Date(startOfDay(new TZDate(instant.getTime(), timeZone)).getTime());
}
