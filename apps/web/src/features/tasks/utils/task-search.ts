import { levelSchema, smartViewSchema, taskSorts, taskStatuses } from '@cairn/contracts/tasks';
import { z } from 'zod';
import type { TaskListParams } from '../api/task-keys';

/**
 * The filters the three task screens share, kept in the URL. An invalid value is ignored rather than
 * failing the page, so an old bookmark still opens.
 */
export const taskFiltersSearchSchema = z.object({
  view: smartViewSchema.optional().catch(undefined),
  listId: z.uuid().optional().catch(undefined),
  urgency: levelSchema.optional().catch(undefined),
  importance: levelSchema.optional().catch(undefined),
  status: z.enum(taskStatuses).optional().catch(undefined),
  q: z.string().trim().min(1).max(200).optional().catch(undefined),
});
export type TaskFiltersSearch = z.infer<typeof taskFiltersSearchSchema>;

export const taskGroupings = ['list', 'due', 'none'] as const;
export type TaskGrouping = (typeof taskGroupings)[number];

/** The classic list also chooses its sort and its grouping. */
export const classicListSearchSchema = taskFiltersSearchSchema.extend({
  sort: z.enum(taskSorts).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  group: z.enum(taskGroupings).optional().catch(undefined),
});
export type ClassicListSearch = z.infer<typeof classicListSearchSchema>;

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
