import type { SmartView } from '@cairn/contracts/tasks';
import { and, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DayBounds } from '../../lib/day-bounds';
import { tasks } from './tasks.table';

const NEW_WINDOW_MS = 7 * 86_400_000;

/**
 * The rule of each smart view (spec sections 2 and 4), for tasks that are not in the trash.
 * "Today" and "tomorrow" are calendar days in the request's time zone.
 *
 * - today: addedToToday is true, or it is unset and the task is due before today ends
 *   (so overdue tasks stay in Today until dealt with, as in Todoist).
 * - tomorrow: due during tomorrow.
 * - overdue: due before today began.
 * - urgent / important: urgency / importance high.
 * - planned: has a due date.
 * - tasks: everything not archived.
 * - archived: archived.
 * - top-priority: urgency and importance both high.
 * - new: addedToNew is true, or it is unset and the task was created in the last 7 days.
 * - recurrent: has a recurrence (rrule or quickurrence).
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
      and(isNull(tasks.addedToNew), gte(tasks.createdAt, new Date(bounds.now.getTime() - NEW_WINDOW_MS))),
    ),
    recurrent: or(isNotNull(tasks.rrule), isNotNull(tasks.quickurrence)),
  };
  if (view === 'archived') return isNotNull(tasks.archivedAt);
  return and(notArchived, rules[view]) as SQL;
}
