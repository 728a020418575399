import type { CreateWorklogBody, Worklog } from '@cairn/contracts/worklogs';
import { isCalendarDay } from './calendar-days';
import {
  addMinutesToTime,
  MAX_DURATION_MINUTES,
  parseDuration,
  parseTimeOfDay,
  spanBetween,
  subtractMinutesFromTime,
} from './time-input';

/** The entry form as typed: every field a string, read when saving. */
export interface WorklogDraft {
  projectId: string;
  /** '' for none. */
  categoryId: string;
  workDate: string;
  start: string;
  end: string;
  duration: string;
  description: string;
  taskName: string;
  taskUrl: string;
  pullRequestUrl: string;
}

export type WorklogDraftField = keyof WorklogDraft;
export type WorklogDraftErrors = Partial<Record<WorklogDraftField, string>>;

export const TEXT_MAX_LENGTH = 2000;
export const NAME_MAX_LENGTH = 255;

export function emptyWorklogDraft(patch: Partial<WorklogDraft> = {}): WorklogDraft {
  return {
    projectId: '',
    categoryId: '',
    workDate: '',
    start: '',
    end: '',
    duration: '',
    description: '',
    taskName: '',
    taskUrl: '',
    pullRequestUrl: '',
    ...patch,
  };
}

/** The form filled with a saved entry, to edit it. */
export function draftFromWorklog(worklog: Worklog): WorklogDraft {
  return {
    projectId: worklog.projectId,
    categoryId: worklog.categoryId ?? '',
    workDate: worklog.workDate,
    start: worklog.startTime ?? '',
    end: worklog.endTime ?? '',
    // With both times the duration follows from them and is shown, not typed.
    duration: worklog.startTime && worklog.endTime ? '' : formatDurationInput(worklog.duration),
    description: worklog.description,
    taskName: worklog.taskName,
    taskUrl: worklog.taskUrl ?? '',
    pullRequestUrl: worklog.pullRequestUrl ?? '',
  };
}

/** Minutes the way the duration field shows them: "1h30", "45m", "2h". */
export function formatDurationInput(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h${String(rest).padStart(2, '0')}`;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** What the form's times and duration come to, for the preview beside them and for saving. */
export type DraftTiming =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | {
      kind: 'span';
      startTime: string | null;
      endTime: string | null;
      minutes: number;
      crossesMidnight: boolean;
    }
  | { kind: 'duration'; minutes: number };

export function readDraftTiming(draft: Pick<WorklogDraft, 'start' | 'end' | 'duration'>): DraftTiming {
  const hasStart = draft.start.trim() !== '';
  const hasEnd = draft.end.trim() !== '';
  const hasDuration = draft.duration.trim() !== '';
  const start = hasStart ? parseTimeOfDay(draft.start) : null;
  const end = hasEnd ? parseTimeOfDay(draft.end) : null;
  const duration = hasDuration ? parseDuration(draft.duration) : null;
  if ((hasStart && !start) || (hasEnd && !end)) return { kind: 'invalid' };
  if (start && end) {
    const span = spanBetween(start, end);
    return span ? { kind: 'span', startTime: start, endTime: end, ...span } : { kind: 'invalid' };
  }
  if (hasDuration && duration === null) return { kind: 'invalid' };
  if (duration !== null && start) {
    const { time, crossesMidnight } = addMinutesToTime(start, duration);
    return { kind: 'span', startTime: start, endTime: time, minutes: duration, crossesMidnight };
  }
  if (duration !== null && end) {
    // An entry before midnight that ends on the day it is logged for is not one that crosses midnight
    // from its day; a start on the day before cannot be written, so the times are left out.
    const { time, crossesMidnight } = subtractMinutesFromTime(end, duration);
    return crossesMidnight
      ? { kind: 'duration', minutes: duration }
      : { kind: 'span', startTime: time, endTime: end, minutes: duration, crossesMidnight: false };
  }
  if (duration !== null) return { kind: 'duration', minutes: duration };
  return { kind: 'empty' };
}

export type DraftReading =
  | { body: CreateWorklogBody; errors?: undefined }
  | { body?: undefined; errors: WorklogDraftErrors };

/**
 * The request body the form makes, or what is wrong with it, field by field. Every field is sent
 * (cleared ones as null), so the same body creates an entry or replaces an edited one's fields.
 */
export function readWorklogDraft(draft: WorklogDraft): DraftReading {
  const errors: WorklogDraftErrors = {};
  if (!draft.projectId) errors.projectId = 'Choose a project';
  if (!isCalendarDay(draft.workDate)) errors.workDate = 'Enter a date';
  if (draft.start.trim() && !parseTimeOfDay(draft.start)) errors.start = 'Enter a time such as 8:30';
  if (draft.end.trim() && !parseTimeOfDay(draft.end)) errors.end = 'Enter a time such as 17:15';
  const timing = readDraftTiming(draft);
  if (!errors.start && !errors.end) {
    if (timing.kind === 'invalid') {
      if (draft.start.trim() && draft.end.trim()) errors.end = 'End must differ from start';
      else
        errors.duration = `Enter a duration such as 1h30, 90 or 1:30 (at most ${MAX_DURATION_MINUTES / 60} h)`;
    } else if (timing.kind === 'empty') {
      errors.duration = 'Enter a duration, or start and end times';
    }
  }
  const description = draft.description.trim();
  if (description.length > TEXT_MAX_LENGTH) errors.description = `At most ${TEXT_MAX_LENGTH} characters`;
  const taskName = draft.taskName.trim();
  if (taskName.length > NAME_MAX_LENGTH) errors.taskName = `At most ${NAME_MAX_LENGTH} characters`;
  const taskUrl = draft.taskUrl.trim();
  if (taskUrl && !isHttpUrl(taskUrl)) errors.taskUrl = 'Must be an http:// or https:// address';
  const pullRequestUrl = draft.pullRequestUrl.trim();
  if (pullRequestUrl && !isHttpUrl(pullRequestUrl))
    errors.pullRequestUrl = 'Must be an http:// or https:// address';
  if (Object.keys(errors).length > 0 || (timing.kind !== 'span' && timing.kind !== 'duration')) {
    return { errors };
  }

  const times =
    timing.kind === 'span'
      ? { startTime: timing.startTime, endTime: timing.endTime, crossesMidnight: timing.crossesMidnight }
      : { startTime: null, endTime: null, crossesMidnight: false, duration: timing.minutes };
  return {
    body: {
      projectId: draft.projectId,
      categoryId: draft.categoryId || null,
      workDate: draft.workDate,
      ...times,
      description,
      taskName,
      taskUrl: taskUrl || null,
      pullRequestUrl: pullRequestUrl || null,
    },
  };
}
