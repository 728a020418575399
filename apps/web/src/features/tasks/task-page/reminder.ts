import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { fromDueDateInputs } from './due-date';

/** What a datetime-local input holds for a reminder seen in a time zone: "2026-12-01T09:30", or ''. */
export function toReminderInput(instant: Date | string | null, timeZone: string): string {
  if (instant === null) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return format(new TZDate(date, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/**
 * The instant (ISO, UTC) a datetime-local value means in the time zone: null when empty, undefined when
 * it is not a whole date and time. Seconds, which some browsers add, are dropped.
 */
export function fromReminderInput(value: string, timeZone: string): string | null | undefined {
  if (value === '') return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  return fromDueDateInputs({ date: match[1], time: match[2] }, timeZone) ?? undefined;
}

/** The reminders offered before a timed due date, in minutes, as "N minutes before" choices. */
export const REMINDER_LEAD_TIMES = [
  { minutes: 0, label: 'At the due time' },
  { minutes: 10, label: '10 min before' },
  { minutes: 60, label: '1 hour before' },
  { minutes: 24 * 60, label: '1 day before' },
] as const;

/** The instant (ISO, UTC) `minutes` before a due time. */
export function reminderBefore(dueAt: Date | string, minutes: number): string {
  return new Date(new Date(dueAt).getTime() - minutes * 60_000).toISOString();
}
