import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

interface FormatOptions {
  timeZone: string;
  /** False for a whole-day due, which never shows a time. */
  hasTime: boolean;
}

/** An occurrence in full, as a list of dates reads: "Wed 2 Dec 2026", or "Wed 2 Dec 2026, 09:00". */
export function formatOccurrence(date: Date, { timeZone, hasTime }: FormatOptions): string {
  return format(new TZDate(date.getTime(), timeZone), hasTime ? 'EEE d MMM yyyy, HH:mm' : 'EEE d MMM yyyy');
}

/**
 * An occurrence in a few words, for a toast or a summary line: "Wed 2 Dec", with the year only when it
 * is not the current one, and the time when the due has one.
 */
export function formatShortOccurrence(
  date: Date,
  { timeZone, hasTime, now }: FormatOptions & { now: Date },
): string {
  const day = new TZDate(date.getTime(), timeZone);
  const isThisYear = day.getFullYear() === new TZDate(now.getTime(), timeZone).getFullYear();
  const text = format(day, isThisYear ? 'EEE d MMM' : 'EEE d MMM yyyy');
  return hasTime ? `${text}, ${format(day, 'HH:mm')}` : text;
}
