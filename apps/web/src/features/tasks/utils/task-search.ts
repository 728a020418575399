import type { Level, SmartView, taskSorts, taskStatuses } from '@cairn/contracts/tasks';
import { isUuid } from '../../../lib/is-uuid';
import type { TaskListParams } from '../api/task-keys';

// The contract's lists (@cairn/contracts/tasks, kept equal by task-search.test.ts), written out because
// these checks run on every page through the routes' search validation, and importing the contract would
// bring its schema library with them.
const smartViews: readonly SmartView[] = [
  'today',
  'tomorrow',
  'overdue',
  'urgent',
  'important',
  'planned',
  'tasks',
  'archived',
  'top-priority',
  'new',
  'recurrent',
];
const levels: readonly Level[] = ['low', 'medium', 'high'];
type TaskStatus = (typeof taskStatuses)[number];
const statuses: readonly TaskStatus[] = ['open', 'completed', 'all'];
type TaskSort = (typeof taskSorts)[number];
const sorts: readonly TaskSort[] = [
  'position',
  'dueDate',
  'createdAt',
  'title',
  'urgency',
  'importance',
  'completedAt',
  'deletedAt',
  'archivedAt',
];
export const taskGroupings = ['list', 'due', 'none'] as const;
export type TaskGrouping = (typeof taskGroupings)[number];
const orders = ['asc', 'desc'] as const;

/** The value when it is one of `options`; anything else is left out. */
function oneOf<Option extends string>(options: readonly Option[], value: unknown): Option | undefined {
  return options.find((option) => option === value);
}

/** Search text: trimmed, 1 to 200 characters. */
function readQuery(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= 200 ? trimmed : undefined;
}

/** Only the keys that hold a value, as the URL writes them. */
function withoutUndefined<Search extends object>(search: Search): Search {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as Search;
}

/**
 * The filters the three task screens share, kept in the URL. An invalid value is ignored rather than
 * failing the page, so an old bookmark still opens.
 */
export interface TaskFiltersSearch {
  view?: SmartView;
  listId?: string;
  urgency?: Level;
  importance?: Level;
  status?: TaskStatus;
  q?: string;
}

export function readTaskFiltersSearch(search: Record<string, unknown>): TaskFiltersSearch {
  return withoutUndefined({
    view: oneOf(smartViews, search.view),
    listId: isUuid(search.listId) ? search.listId : undefined,
    urgency: oneOf(levels, search.urgency),
    importance: oneOf(levels, search.importance),
    status: oneOf(statuses, search.status),
    q: readQuery(search.q),
  });
}

/** The classic list also chooses its sort and its grouping. */
export interface ClassicListSearch extends TaskFiltersSearch {
  sort?: TaskSort;
  order?: (typeof orders)[number];
  group?: TaskGrouping;
}

/**
 * The classic list's `validateSearch`. Plain checks rather than a schema: the route's search is
 * validated in the first download of every page, the login page included.
 */
export function classicListSearchSchema(search: Record<string, unknown>): ClassicListSearch {
  return withoutUndefined({
    ...readTaskFiltersSearch(search),
    sort: oneOf(sorts, search.sort),
    order: oneOf(orders, search.order),
    group: oneOf(taskGroupings, search.group),
  });
}

/** The API query for the filters in the URL, with the screen's default status when none is chosen. */
export function toTaskListParams(
  search: TaskFiltersSearch,
  defaults: { status: TaskListParams['status'] },
): TaskListParams {
  const params: TaskListParams = { status: search.status ?? defaults.status };
  if (search.view) params.view = search.view;
  if (search.listId) params.listId = search.listId;
  if (search.urgency) params.urgency = search.urgency;
  if (search.importance) params.importance = search.importance;
  if (search.q) params.q = search.q;
  return params;
}

/** The classic list's query: its filters (open tasks unless chosen), sorted by due date unless chosen. */
export function toClassicListParams(search: ClassicListSearch): TaskListParams {
  return {
    ...toTaskListParams(search, { status: 'open' }),
    sort: search.sort ?? 'dueDate',
    order: search.order ?? 'asc',
  };
}

/** Whether anything narrows the listing beyond the screen's own defaults. */
export function hasActiveFilters(search: TaskFiltersSearch): boolean {
  return Boolean(search.view || search.listId || search.urgency || search.importance || search.q);
}
