import type { SmartView } from '@cairn/contracts/tasks';
import { and, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DayBounds } from '../../lib/day-bounds';
import { tasks } from './tasks.table';

const NEW_WINDOW_MS = 7 * 86_400_000;

/** Tasks created since this instant are new, unless set otherwise by hand. */
export function newSince(bounds: DayBounds): Date {
  return new Date(bounds.now.getTime() - NEW_WINDOW_MS);
}

/** No open, live, unarchived occurrence of the same series comes before this one (by due, then id). */
function isCurrentOccurrence(): SQL {
  const other = alias(tasks, 'series_occurrence');
  return sql`not exists (select 1 from ${tasks} as ${other}
    where ${other.userId} = ${tasks.userId} and ${other.recurrenceId} = ${tasks.recurrenceId}
      and ${other.id} <> ${tasks.id} and ${other.completedAt} is null and ${other.deletedAt} is null
      and ${other.archivedAt} is null
      and (coalesce(${other.dueDate}, 'infinity'::timestamptz), ${other.id})
        < (coalesce(${tasks.dueDate}, 'infinity'::timestamptz), ${tasks.id}))`;
}

/**
 * The rule of each smart view (spec sections 2 and 4), for tasks that are not in the trash.
 * "Today" and "tomorrow" are calendar days in the request's time zone.
 *
 * - today: addedToToday is true, or it is unset and the task is due before today ends
 *   (so overdue tasks stay in Today until dealt with, as in Todoist).
 * - tomorrow: due during tomorrow.
 * - overdue: due before today began. A whole-day due is stored as the start of its day in the zone it
 *   was chosen in (see `toStoredDue`), so it is Today all through that day and Overdue from the next;
 *   a timed due earlier today stays Today, not Overdue, the same way.
 * - urgent / important: urgency / importance high.
 * - planned: has a due date.
 * - tasks: everything not archived.
 * - archived: archived.
 * - top-priority: urgency and importance both high.
 * - new: addedToNew is true, or it is unset and the task was created in the last 7 days.
 * - recurrent: has a recurrence (rrule or quickurrence); open ones list one row per series, its current
 *   occurrence (the earliest due among the series' open, unarchived ones), so a reopened earlier
 *   occurrence does not list the series twice. Completed ones stay as its history.
 * Every view but "archived" leaves archived tasks out.
 */
export function smartViewFilter(view: SmartView, bounds: DayBounds): SQL {
  const notArchived = isNull(tasks.archivedAt);
  const rules: Record<SmartView, SQL | undefined> = {
    today: or(
      eq(tasks.addedToToday, true),
      and(isNull(tasks.addedToToday), lt(tasks.dueDate, bounds.startOfTomorrow)),
    ),
    tomorrow: and(
      gte(tasks.dueDate, bounds.startOfTomorrow),
      lt(tasks.dueDate, bounds.startOfDayAfterTomorrow),
    ),
    overdue: lt(tasks.dueDate, bounds.startOfToday),
    urgent: eq(tasks.urgency, 'high'),
    important: eq(tasks.importance, 'high'),
    planned: isNotNull(tasks.dueDate),
    tasks: sql`true`,
    archived: undefined,
    'top-priority': and(eq(tasks.urgency, 'high'), eq(tasks.importance, 'high')),
    new: or(
      eq(tasks.addedToNew, true),
      and(isNull(tasks.addedToNew), gte(tasks.createdAt, newSince(bounds))),
    ),
    recurrent: and(
      or(isNotNull(tasks.rrule), isNotNull(tasks.quickurrence)),
      or(isNotNull(tasks.completedAt), isNull(tasks.recurrenceId), isCurrentOccurrence()),
    ),
  };
  if (view === 'archived') return isNotNull(tasks.archivedAt);
  return and(notArchived, rules[view]) as SQL;
}

/** Counts kept current by the database for one completion state (see `taskViewCounts`). */
export type StoredViewCounts = {
  live: number;
  archived: number;
  urgent: number;
  important: number;
  topPriority: number;
  planned: number;
  recurrent: number;
  pinnedToday: number;
  pinnedNew: number;
  datedTodayUnset: number;
};

/** Counts that depend on the clock, read from the few tasks due from today on or created lately. */
export type ClockedViewCounts = {
  dueFromToday: number;
  todayUnsetDueFromTomorrow: number;
  dueTomorrow: number;
  newUnsetCreatedSince: number;
};

/**
 * Each view's count for one completion state, by the rules above. Rules bounded by "now" from below
 * only (due before today ends, overdue) are taken as the stored total less the tasks due later, which
 * are few: an old account's history does not have to be read.
 */
export function smartViewCounts(
  stored: StoredViewCounts,
  clocked: ClockedViewCounts,
): Record<SmartView, number> {
  return {
    today: stored.pinnedToday + stored.datedTodayUnset - clocked.todayUnsetDueFromTomorrow,
    tomorrow: clocked.dueTomorrow,
    overdue: stored.planned - clocked.dueFromToday,
    urgent: stored.urgent,
    important: stored.important,
    planned: stored.planned,
    tasks: stored.live,
    archived: stored.archived,
    'top-priority': stored.topPriority,
    new: stored.pinnedNew + clocked.newUnsetCreatedSince,
    recurrent: stored.recurrent,
  };
}
