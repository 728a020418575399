import type { Level, SmartView, Task } from '@cairn/contracts/tasks';
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import type { TaskListParams } from '../api/task-keys';

/**
 * A task listing's filters and order, as the API applies them (see task-query.ts and
 * smart-view-filters.ts in the API), so a changed task can be put where a refetch would put it.
 */

export interface ListingClock {
  now: Date;
  /** The zone the API reads "today" in: the browser's, sent with every request. */
  timeZone: string;
}

const NEW_WINDOW_MS = 7 * 86_400_000;

function dayBounds({ now, timeZone }: ListingClock) {
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  return {
    startOfToday: today.getTime(),
    startOfTomorrow: startOfDay(addDays(today, 1)).getTime(),
    startOfDayAfterTomorrow: startOfDay(addDays(today, 2)).getTime(),
  };
}

function matchesView(task: Task, view: SmartView, clock: ListingClock): boolean {
  if (view === 'archived') return task.archivedAt !== null;
  if (task.archivedAt !== null) return false;
  const due = task.dueDate?.getTime();
  switch (view) {
    case 'today':
      return task.addedToToday ?? (due !== undefined && due < dayBounds(clock).startOfTomorrow);
    case 'tomorrow': {
      const bounds = dayBounds(clock);
      return due !== undefined && due >= bounds.startOfTomorrow && due < bounds.startOfDayAfterTomorrow;
    }
    case 'overdue':
      return due !== undefined && due < dayBounds(clock).startOfToday;
    case 'urgent':
      return task.urgency === 'high';
    case 'important':
      return task.importance === 'high';
    case 'planned':
      return due !== undefined;
    case 'tasks':
      return true;
    case 'top-priority':
      return task.urgency === 'high' && task.importance === 'high';
    case 'new':
      return task.addedToNew ?? task.createdAt.getTime() >= clock.now.getTime() - NEW_WINDOW_MS;
    case 'recurrent':
      return task.rrule !== null || task.quickurrence !== null;
  }
}

/** Case-insensitive "contains", as the API's ILIKE. */
function containsText(text: string | null, query: string): boolean {
  return text?.toLowerCase().includes(query.toLowerCase()) ?? false;
}

const isAtOrAfter = (instant: Date | null, bound: string) =>
  instant !== null && instant.getTime() >= new Date(bound).getTime();

/**
 * Whether the listing cached under these params shows the task. Every filter the API has is decided
 * here, smart views too (with the same day bounds), so the answer is never "ask the server"; a listing
 * with a filter this does not know yet answers undefined and is refetched when next shown.
 */
export function taskMatchesListing(
  task: Task,
  params: TaskListParams,
  clock: ListingClock,
): boolean | undefined {
  const known = new Set<string>([
    'view',
    'listId',
    'columnId',
    'parentId',
    'q',
    'dueFrom',
    'dueTo',
    'completedFrom',
    'doneSince',
    'urgency',
    'importance',
    'status',
    'isDeleted',
    'sort',
    'order',
  ]);
  if (Object.keys(params).some((name) => !known.has(name))) return undefined;
  const checks = [
    params.isDeleted === 'true' ? task.deletedAt !== null : task.deletedAt === null,
    params.view
      ? matchesView(task, params.view, clock)
      : params.isDeleted === 'true' || task.archivedAt === null,
    !params.listId || task.listId === params.listId,
    !params.columnId || task.columnId === params.columnId,
    params.parentId === undefined ||
      (params.parentId === 'none' ? task.parentId === null : task.parentId === params.parentId),
    !params.urgency || task.urgency === params.urgency,
    !params.importance || task.importance === params.importance,
    !params.dueFrom || isAtOrAfter(task.dueDate, params.dueFrom),
    !params.dueTo || (task.dueDate !== null && task.dueDate.getTime() <= new Date(params.dueTo).getTime()),
    !params.completedFrom || isAtOrAfter(task.completedAt, params.completedFrom),
    !params.doneSince || task.completedAt === null || isAtOrAfter(task.completedAt, params.doneSince),
    params.status !== 'open' || task.completedAt === null,
    params.status !== 'completed' || task.completedAt !== null,
    !params.q || containsText(task.title, params.q) || containsText(task.note, params.q),
  ];
  return checks.every(Boolean);
}

const levelRank: Record<Level, number> = { low: 0, medium: 1, high: 2 };

type SortValue = number | string;

/** Each sort's value, as the API's sort expression orders it (missing dates first or last as there). */
const sortValues: Record<NonNullable<TaskListParams['sort']>, (task: Task) => SortValue> = {
  position: (task) => task.priority,
  dueDate: (task) => task.dueDate?.getTime() ?? Number.POSITIVE_INFINITY,
  createdAt: (task) => task.createdAt.getTime(),
  title: (task) => task.title.toLowerCase(),
  urgency: (task) => levelRank[task.urgency],
  importance: (task) => levelRank[task.importance],
  completedAt: (task) => task.completedAt?.getTime() ?? Number.NEGATIVE_INFINITY,
  deletedAt: (task) => task.deletedAt?.getTime() ?? Number.NEGATIVE_INFINITY,
  archivedAt: (task) => task.archivedAt?.getTime() ?? Number.NEGATIVE_INFINITY,
};

function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/** The listing's order: its sort, then the id, both in the listing's direction, as the API's keyset pages. */
export function compareTasksForListing(params: TaskListParams): (a: Task, b: Task) => number {
  const sortValueOf = sortValues[params.sort ?? 'position'];
  const direction = params.order === 'desc' ? -1 : 1;
  return (a, b) => direction * (compareValues(sortValueOf(a), sortValueOf(b)) || compareValues(a.id, b.id));
}
