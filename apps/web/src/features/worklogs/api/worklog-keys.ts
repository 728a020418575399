import type { WorklogReportQuery } from '@cairn/contracts/worklogs';
import type { WorklogFilters } from '../utils/worklogs-search';

/**
 * Every cache key of the work logs area, defined once, under ['worklogs'], so a change to entries can
 * refresh the area without touching other features' data.
 */
export const worklogKeys = {
  all: ['worklogs'] as const,
  projectLists: () => [...worklogKeys.all, 'projects'] as const,
  projectList: (includeEnded: boolean) => [...worklogKeys.projectLists(), { includeEnded }] as const,
  categoryList: () => [...worklogKeys.all, 'categories'] as const,
  /** What entries make: the week, the list, reports, task totals. Refreshed after any entry changes. */
  entryData: () => [...worklogKeys.all, 'entries'] as const,
  weeks: () => [...worklogKeys.entryData(), 'week'] as const,
  week: (monday: string) => [...worklogKeys.weeks(), monday] as const,
  lists: () => [...worklogKeys.entryData(), 'list'] as const,
  list: (filters: WorklogFilters) => [...worklogKeys.lists(), filters] as const,
  reports: () => [...worklogKeys.entryData(), 'report'] as const,
  report: (query: WorklogReportQuery) => [...worklogKeys.reports(), query] as const,
  taskTotals: (taskId: string) => [...worklogKeys.entryData(), 'task-totals', taskId] as const,
  timer: () => [...worklogKeys.all, 'timer'] as const,
};
