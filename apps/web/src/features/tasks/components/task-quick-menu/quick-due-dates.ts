import { TZDate } from '@date-fns/tz';
import { addDays, nextMonday } from 'date-fns';
import { toCalendarDay } from '../../utils/zoned-date-text';

export const quickDueChoices = ['today', 'tomorrow', 'nextWeek'] as const;
export type QuickDueChoice = (typeof quickDueChoices)[number];

export const quickDueLabels: Record<QuickDueChoice, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  nextWeek: 'Next week',
};

/**
 * The calendar day (YYYY-MM-DD) a quick choice means, counted from `now` in the time zone: today,
 * tomorrow, or next week's Monday.
 */
export function getQuickDueDay(choice: QuickDueChoice, options: { now: Date; timeZone: string }): string {
  const today = new TZDate(options.now.getTime(), options.timeZone);
  const day = choice === 'today' ? today : choice === 'tomorrow' ? addDays(today, 1) : nextMonday(today);
  return toCalendarDay(day);
}

/** Today's calendar day in the time zone, for a date field's starting value. */
export function getTodayInZone(options: { now: Date; timeZone: string }): string {
  return getQuickDueDay('today', options);
}
