import { TZDate } from '@date-fns/tz';
import { addDays, format, set } from 'date-fns';

/**
 * A user's work day, "HH:mm" in their time zone. Either end unset means no work day: every hour is
 * open. An end before the start is a day that runs past midnight (22:00 to 06:00).
 */
export type WorkDay = { timeZone: string; start: string | null; end: string | null };

function toMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function localMinutes(local: TZDate): number {
  return local.getHours() * 60 + local.getMinutes();
}

/** That calendar day's clock time `time` in the zone, DST days included. */
function atLocalTime(day: TZDate, time: string): TZDate {
  const minutes = toMinutes(time);
  return set(day, { hours: Math.floor(minutes / 60), minutes: minutes % 60, seconds: 0, milliseconds: 0 });
}

export function isWithinWorkDay(instant: Date, workDay: WorkDay): boolean {
  if (!workDay.start || !workDay.end) return true;
  const start = toMinutes(workDay.start);
  const end = toMinutes(workDay.end);
  if (start === end) return true;
  const now = localMinutes(new TZDate(instant.getTime(), workDay.timeZone));
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The instant itself inside the work day, else the next start of a work day. */
export function nextWorkDayInstant(instant: Date, workDay: WorkDay): Date {
  if (isWithinWorkDay(instant, workDay) || !workDay.start) return instant;
  const local = new TZDate(instant.getTime(), workDay.timeZone);
  const todayStart = atLocalTime(local, workDay.start);
  const next =
    todayStart.getTime() > instant.getTime() ? todayStart : atLocalTime(addDays(local, 1), workDay.start);
  return new Date(next.getTime());
}

/** The user's calendar date (YYYY-MM-DD) at an instant. */
export function localDate(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * Whether the morning digest is due: the local time has reached the work day's start, and (for a day
 * with an end after its start) not yet passed its end, so a server that was down all day does not
 * send a "morning" digest at night.
 */
export function isDigestTime(instant: Date, workDay: WorkDay): boolean {
  if (!workDay.start) return false;
  const now = localMinutes(new TZDate(instant.getTime(), workDay.timeZone));
  const start = toMinutes(workDay.start);
  if (now < start) return false;
  if (!workDay.end) return true;
  const end = toMinutes(workDay.end);
  return end <= start || now < end;
}
