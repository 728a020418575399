import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, format } from 'date-fns';

export interface DueLabel {
  text: string;
  /** Full date for a tooltip or screen readers. */
  title: string;
  isOverdue: boolean;
  isToday: boolean;
}

/**
 * A short due-date text in the user's zone: Today, Tomorrow, Yesterday, a weekday, or a date, with the
 * time only for a timed due (a whole-day due never reads "00:00"). Overdue once its day is over, as the
 * API's Overdue view counts it.
 */
export function getDueLabel(
  dueDate: Date,
  options: { now: Date; timeZone: string; hasTime: boolean },
): DueLabel {
  const day = new TZDate(dueDate.getTime(), options.timeZone);
  const today = new TZDate(options.now.getTime(), options.timeZone);
  const offset = differenceInCalendarDays(day, today);
  const { hasTime } = options;
  const time = hasTime ? ` ${format(day, 'HH:mm')}` : '';
  let text: string;
  if (offset === 0) text = `Today${time}`;
  else if (offset === 1) text = `Tomorrow${time}`;
  else if (offset === -1) text = `Yesterday${time}`;
  else if (offset > 1 && offset < 7) text = `${format(day, 'EEE')}${time}`;
  else text = format(day, day.getFullYear() === today.getFullYear() ? 'd MMM' : 'd MMM yyyy');
  return {
    text,
    title: format(day, hasTime ? 'EEEE d MMMM yyyy, HH:mm' : 'EEEE d MMMM yyyy'),
    isOverdue: offset < 0,
    isToday: offset === 0,
  };
}
