import { TZDate } from '@date-fns/tz';
import { AppError } from '../../lib/app-error';

/** Entries keep times as minutes after midnight (0-1439); the wire carries HH:mm. */

export const MINUTES_PER_DAY = 1440;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

export function parseTimeOfDay(text: string): number {
  const [hours, minutes] = text.split(':').map((part) => Number.parseInt(part, 10));
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function formatTimeOfDay(minute: number): string {
  const hours = Math.floor(minute / 60);
  return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

function invalidTiming(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', field], message }] });
}

export type EntryTiming = {
  startMinute: number | null;
  endMinute: number | null;
  crossesMidnight: boolean;
  duration: number;
};

/**
 * An entry's duration: with a start and an end, what lies between them (a day more when the entry
 * crosses midnight), and a duration sent alongside must agree; without both, the duration sent, else
 * the one the entry had. An end before the start is refused unless the entry says it crosses midnight,
 * so a typo is not silently logged as a night's work.
 */
export function resolveEntryTiming(input: {
  startMinute: number | null;
  endMinute: number | null;
  crossesMidnight: boolean;
  sentDuration: number | undefined;
  previousDuration: number | undefined;
}): EntryTiming {
  const { startMinute, endMinute, sentDuration } = input;
  if (startMinute === null || endMinute === null) {
    const duration = sentDuration ?? input.previousDuration;
    if (duration === undefined)
      throw invalidTiming('duration', 'Enter a duration, or a start and an end time');
    // Crossing midnight only means something between a start and an end.
    return { startMinute, endMinute, crossesMidnight: false, duration };
  }
  if (endMinute === startMinute) throw invalidTiming('endTime', 'End time is the same as the start time');
  if (endMinute < startMinute && !input.crossesMidnight) {
    throw invalidTiming('endTime', 'End time is before start time; mark the entry as crossing midnight');
  }
  const duration = endMinute - startMinute + (input.crossesMidnight ? MINUTES_PER_DAY : 0);
  if (sentDuration !== undefined && sentDuration !== duration) {
    throw invalidTiming(
      'duration',
      `Duration must be ${duration} minutes, the time between start and end; clear the times to enter another`,
    );
  }
  return { startMinute, endMinute, crossesMidnight: input.crossesMidnight, duration };
}

/** A calendar day (YYYY-MM-DD) and the minute of that day, as a wall clock in a time zone shows them. */
type LocalMinute = { day: string; dayNumber: number; minute: number };

function toLocalMinute(instantMs: number, timeZone: string): LocalMinute {
  const local = new TZDate(instantMs, timeZone);
  const year = local.getFullYear();
  const month = local.getMonth();
  const date = local.getDate();
  const day = `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  return {
    day,
    dayNumber: Math.round(Date.UTC(year, month, date) / MS_PER_DAY),
    minute: local.getHours() * 60 + local.getMinutes(),
  };
}

export type TimerEntry = EntryTiming & { workDate: string; startMinute: number; endMinute: number };

/**
 * The entry a stopped timer makes: the start's day in the user's time zone, both instants rounded to
 * the nearest minute and read on the wall clock there (so the entry agrees with its own times, also
 * across a DST change), at least one minute long. A timer left running for a day or more cannot be
 * told apart from a forgotten one, so it is refused rather than logged as a day's work.
 */
export function toTimerEntry(options: { startedAt: Date; stoppedAt: Date; timeZone: string }): TimerEntry {
  const round = (instant: Date) => Math.round(instant.getTime() / MS_PER_MINUTE) * MS_PER_MINUTE;
  const start = toLocalMinute(round(options.startedAt), options.timeZone);
  const end = toLocalMinute(round(options.stoppedAt), options.timeZone);
  const days = end.dayNumber - start.dayNumber;
  const duration = days * MINUTES_PER_DAY + end.minute - start.minute;
  if (duration >= MINUTES_PER_DAY) {
    throw new AppError(
      'CONFLICT',
      'The timer has been running for a day or more; discard it and log the time by hand',
    );
  }
  if (duration < 1) {
    // Stopped within its first minute (or a wall clock set back): one minute from the start.
    const endMinute = (start.minute + 1) % MINUTES_PER_DAY;
    return {
      workDate: start.day,
      startMinute: start.minute,
      endMinute,
      crossesMidnight: endMinute === 0,
      duration: 1,
    };
  }
  return {
    workDate: start.day,
    startMinute: start.minute,
    endMinute: end.minute,
    crossesMidnight: days > 0,
    duration,
  };
}
