import { TZDate } from '@date-fns/tz';
import { calendarDayNumber, monthName, toClockTime, weekdayName } from './zoned-date-text';

/** "20 May", or "2 Jan 2027" with the year. */
const formatShortDay = (day: Date, withYear: boolean) =>
  `${day.getDate()} ${monthName(day, { isShort: true })}${withYear ? ` ${day.getFullYear()}` : ''}`;
/** "Wednesday 6 May 2026". */
const formatLongDay = (day: Date) =>
  `${weekdayName(day)} ${day.getDate()} ${monthName(day)} ${day.getFullYear()}`;

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
  const offset = calendarDayNumber(day) - calendarDayNumber(today);
  const { hasTime } = options;
  const time = hasTime ? ` ${toClockTime(day)}` : '';
  let text: string;
  if (offset === 0) text = `Today${time}`;
  else if (offset === 1) text = `Tomorrow${time}`;
  else if (offset === -1) text = `Yesterday${time}`;
  else if (offset > 1 && offset < 7) text = `${weekdayName(day, { isShort: true })}${time}`;
  else text = formatShortDay(day, day.getFullYear() !== today.getFullYear());
  return {
    text,
    title: hasTime ? `${formatLongDay(day)}, ${toClockTime(day)}` : formatLongDay(day),
    isOverdue: offset < 0,
    isToday: offset === 0,
  };
}
