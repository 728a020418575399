import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';

export type DayBounds = {
  now: Date;
  startOfToday: Date;
  startOfTomorrow: Date;
  startOfDayAfterTomorrow: Date;
};

type Days = { startOfToday: number; startOfTomorrow: number; startOfDayAfterTomorrow: number };

/**
 * Each zone's latest days, reused while `now` stays within that today: working them out through the
 * zone's rules costs more than many a request's queries. Cleared when full to bound memory.
 */
const latestDays = new Map<string, Days>();
const MAX_ZONES = 1000;

/** Where today and tomorrow begin and end for someone in `timeZone`, DST days included. */
export function getDayBounds(now: Date, timeZone: string): DayBounds {
  const instant = now.getTime();
  let days = latestDays.get(timeZone);
  if (!days || instant < days.startOfToday || instant >= days.startOfTomorrow) {
    const today = startOfDay(new TZDate(instant, timeZone));
    days = {
      startOfToday: today.getTime(),
      startOfTomorrow: startOfDay(addDays(today, 1)).getTime(),
      startOfDayAfterTomorrow: startOfDay(addDays(today, 2)).getTime(),
    };
    if (latestDays.size >= MAX_ZONES) latestDays.clear();
    latestDays.set(timeZone, days);
  }
  return {
    now,
    startOfToday: new Date(days.startOfToday),
    startOfTomorrow: new Date(days.startOfTomorrow),
    startOfDayAfterTomorrow: new Date(days.startOfDayAfterTomorrow),
  };
}

/** The start of the calendar day `instant` falls on in `timeZone` (a whole-day due is stored as this). */
export function getStartOfDay(instant: Date, timeZone: string): Date {
  return new Date(startOfDay(new TZDate(instant.getTime(), timeZone)).getTime());
}
