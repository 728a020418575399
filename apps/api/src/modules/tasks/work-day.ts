import { TZDate } from '@date-fns/tz';

function toMinutes(timeOfDay: string): number {
  const [hours, minutes] = timeOfDay.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * What is left of today's work day at `now` in the user's zone, in minutes: all of it before it
 * starts, none once it has ended, null when either end is unset. The settings keep the end after
 * the start.
 */
export function minutesLeftInWorkDay(options: {
  now: Date;
  timeZone: string;
  workDayStart: string | null;
  workDayEnd: string | null;
}): number | null {
  if (!options.workDayStart || !options.workDayEnd) return null;
  const local = new TZDate(options.now.getTime(), options.timeZone);
  const current = local.getHours() * 60 + local.getMinutes();
  const start = toMinutes(options.workDayStart);
  const end = toMinutes(options.workDayEnd);
  return Math.max(0, end - Math.max(current, start));
}
