import type { Column } from '@cairn/contracts/columns';
import { getCalendarDayOfInstant, getStartOfDay } from '@cairn/recurrence/time-zone';
import type { TaskGroupsParams, TaskListParams } from '../../api/task-keys';
import { groupListParams } from '../../api/tasks/get-task-groups';
import { type BoardSearch, toParentFilter } from '../../utils/board-search';
import { toTaskListParams } from '../../utils/task-search';

/**
 * The board's one groups request: the filters in the URL, every status, manual order. It always asks
 * for completion columns from the start of today (the periodical board's view) with a count of the
 * earlier ones, so it need not wait for the settings; a board that shows every completion reads that
 * column's listing on its own.
 */
export function boardGroupsParams(search: BoardSearch, timeZone: string): TaskGroupsParams {
  return {
    ...toTaskListParams(search, { status: 'all' }),
    ...toParentFilter(search),
    sort: 'position',
    groupBy: 'column',
    doneSince: new Date(startOfToday(timeZone)).toISOString(),
  };
}

/** The first instant of today in the zone (the engine's, as the board's loader runs on every page's first download). */
function startOfToday(timeZone: string): number {
  const now = Date.now();
  // A zone that skipped today altogether (Pacific/Apia, 2011-12-30) has no start: the day began now.
  return getStartOfDay(getCalendarDayOfInstant(now, timeZone), timeZone) ?? now;
}

/** The listing one column shows and pages through. */
export function columnListParams(
  params: TaskGroupsParams,
  column: Pick<Column, 'id' | 'isCompletion'>,
  options: { isHidingEarlier: boolean },
): TaskListParams {
  return groupListParams(
    params,
    { columnId: column.id },
    { isHidingEarlier: column.isCompletion && options.isHidingEarlier },
  );
}
