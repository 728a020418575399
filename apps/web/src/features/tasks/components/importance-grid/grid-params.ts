import type { Level } from '@cairn/contracts/tasks';
import type { TaskGroupsParams, TaskListParams } from '../../api/task-keys';
import { groupListParams } from '../../api/tasks/get-task-groups';
import { type BoardSearch, toParentFilter } from '../../utils/board-search';
import { toTaskListParams } from '../../utils/task-search';

/** The grid's one groups request: the filters in the URL, open tasks unless asked, soonest due first. */
export function gridGroupsParams(search: BoardSearch): TaskGroupsParams {
  return {
    ...toTaskListParams(search, { status: 'open' }),
    ...toParentFilter(search),
    sort: 'dueDate',
    groupBy: 'cell',
  };
}

/** The listing one cell shows and pages through. */
export function cellListParams(
  params: TaskGroupsParams,
  cell: { urgency: Level; importance: Level },
): TaskListParams {
  return groupListParams(params, cell);
}
