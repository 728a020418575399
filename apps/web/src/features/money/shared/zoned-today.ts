import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Today's calendar day (YYYY-MM-DD) in the time zone, at `now`. */
export function zonedToday(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
}
