import type { Column } from '@cairn/contracts/columns';
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import type { TaskGroupsParams, TaskListParams } from '../../api/task-keys';
import { groupListParams } from '../../api/tasks/get-task-groups';
import { toTaskListParams } from '../../utils/task-search';
import { type BoardSearch, toParentFilter } from '../subtasks-toggle';

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
    doneSince: startOfDay(new TZDate(Date.now(), timeZone)).toISOString(),
  };
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
