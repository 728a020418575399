import { readTaskFiltersSearch, type TaskFiltersSearch } from './task-search';

/**
 * The board and the grid show top-level tasks, each with its subtask count; `subtasks` in the URL shows
 * the subtasks as cards of their own as well.
 */
export interface BoardSearch extends TaskFiltersSearch {
  subtasks?: boolean;
}

/**
 * The board's and the grid's `validateSearch`: plain checks, like the classic list's, as the routes'
 * search is validated in the first download of every page. Anything but a boolean `subtasks` is ignored.
 */
export function boardSearchSchema(search: Record<string, unknown>): BoardSearch {
  const filters = readTaskFiltersSearch(search);
  return typeof search.subtasks === 'boolean' ? { ...filters, subtasks: search.subtasks } : filters;
}

/** The listing's parent filter: only top-level tasks unless subtasks are asked for. */
export function toParentFilter(search: BoardSearch): { parentId?: 'none' } {
  return search.subtasks ? {} : { parentId: 'none' };
}
