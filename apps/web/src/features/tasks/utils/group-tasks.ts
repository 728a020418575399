import type { List } from '@cairn/contracts/lists';
import type { Task } from '@cairn/contracts/tasks';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { TaskGrouping } from './task-search';
import { calendarDayNumber } from './zoned-date-text';

export interface TaskGroup<Item> {
  key: string;
  label: string;
  /** A list's colour, for the group heading. */
  color?: string | null;
  tasks: Item[];
}

export const NO_LIST_KEY = 'no-list';
const NO_DUE_DATE_KEY = 'no-due-date';
const OVERDUE_KEY = 'overdue';

type GroupableTask = Pick<Task, 'listId' | 'dueDate'>;

/**
 * Splits a listing into groups, keeping the listing's own order inside each group (the API sorts).
 * By list: in the user's list order, tasks without one last under "No list". By due day, in the user's
 * zone: overdue, today, tomorrow, each later day, then those without a due date. Empty groups are left out.
 */
export function groupTasks<Item extends GroupableTask>(
  tasks: readonly Item[],
  options: {
    by: TaskGrouping;
    lists: readonly Pick<List, 'id' | 'name' | 'color'>[];
    now: Date;
    timeZone: string;
  },
): TaskGroup<Item>[] {
  if (options.by === 'none')
    return tasks.length > 0 ? [{ key: 'all', label: 'All tasks', tasks: [...tasks] }] : [];
  return options.by === 'list' ? groupByList(tasks, options.lists) : groupByDueDay(tasks, options);
}

function groupByList<Item extends GroupableTask>(
  tasks: readonly Item[],
  lists: readonly Pick<List, 'id' | 'name' | 'color'>[],
): TaskGroup<Item>[] {
  const groups = new Map<string, TaskGroup<Item>>(
    lists.map((list) => [list.id, { key: list.id, label: list.name, color: list.color, tasks: [] }]),
  );
  const noList: TaskGroup<Item> = { key: NO_LIST_KEY, label: 'No list', tasks: [] };
  for (const task of tasks) {
    // A task whose list is not loaded (just deleted elsewhere) is shown without one rather than hidden.
    const group = (task.listId && groups.get(task.listId)) || noList;
    group.tasks.push(task);
  }
  return [...groups.values(), noList].filter((group) => group.tasks.length > 0);
}

function groupByDueDay<Item extends GroupableTask>(
  tasks: readonly Item[],
  options: { now: Date; timeZone: string },
): TaskGroup<Item>[] {
  const today = new TZDate(options.now.getTime(), options.timeZone);
  const groups = new Map<string, TaskGroup<Item> & { order: number }>();
  for (const task of tasks) {
    const { key, label, order } = dueDayOf(task.dueDate, today, options.timeZone);
    let group = groups.get(key);
    if (!group) {
      group = { key, label, order, tasks: [] };
      groups.set(key, group);
    }
    group.tasks.push(task);
  }
  return [...groups.values()]
    .sort((first, second) => first.order - second.order)
    .map(({ order: _order, ...group }) => group);
}

function dueDayOf(dueDate: Date | null, today: TZDate, timeZone: string) {
  if (!dueDate) return { key: NO_DUE_DATE_KEY, label: 'No due date', order: Number.POSITIVE_INFINITY };
  const day = new TZDate(dueDate.getTime(), timeZone);
  const offset = calendarDayNumber(day) - calendarDayNumber(today);
  if (offset < 0) return { key: OVERDUE_KEY, label: 'Overdue', order: -1 };
  const key = format(day, 'yyyy-MM-dd');
  if (offset === 0) return { key, label: 'Today', order: 0 };
  if (offset === 1) return { key, label: 'Tomorrow', order: 1 };
  const label = format(
    day,
    offset < 7 ? 'EEEE' : day.getFullYear() === today.getFullYear() ? 'EEE d MMM' : 'EEE d MMM yyyy',
  );
  return { key, label, order: offset };
}

export type TaskRow<Item> =
  | { type: 'group'; group: TaskGroup<Item>; isCollapsed: boolean }
  | { type: 'task'; task: Item; groupKey: string };

/** The groups as one flat run of rows (a heading, then its tasks unless collapsed), for a virtual list. */
export function toTaskRows<Item>(
  groups: readonly TaskGroup<Item>[],
  collapsed: ReadonlySet<string>,
  options: { hasHeadings: boolean },
): TaskRow<Item>[] {
  const rows: TaskRow<Item>[] = [];
  for (const group of groups) {
    const isCollapsed = options.hasHeadings && collapsed.has(group.key);
    if (options.hasHeadings) rows.push({ type: 'group', group, isCollapsed });
    if (!isCollapsed) for (const task of group.tasks) rows.push({ type: 'task', task, groupKey: group.key });
  }
  return rows;
}
