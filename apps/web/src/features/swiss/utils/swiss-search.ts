import { isUuid } from '../../../lib/is-uuid';

/**
 * The swiss screens' search params, read with plain checks: a route's search is validated in the first
 * download of every page, which should not need the schema library. Anything else is ignored.
 */

/** /swiss?taskId=: the big task being cut into holes; without it, the biggest one. */
export interface SwissSearch {
  taskId?: string;
}

export function readSwissSearch(search: Record<string, unknown>): SwissSearch {
  return isUuid(search.taskId) ? { taskId: search.taskId } : {};
}

/** /swiss-random?listId=: draw only from one list. */
export interface SwissRandomSearch {
  listId?: string;
}

export function readSwissRandomSearch(search: Record<string, unknown>): SwissRandomSearch {
  return isUuid(search.listId) ? { listId: search.listId } : {};
}
