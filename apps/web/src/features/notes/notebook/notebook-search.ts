import type { noteFilters, noteSorts } from '@cairn/contracts/notes';
import { isUuid } from '../../../lib/is-uuid';

// The contract's values (@cairn/contracts/notes, kept equal by notebook-search.test.ts), written out as
// patterns because the route validates its search on every page, the login page included, and the
// contract would bring its schema library there.
export type NoteFilter = (typeof noteFilters)[number];
export type NoteSort = (typeof noteSorts)[number];
export type NoteOrder = 'asc' | 'desc';

/** What the notebook shows, kept in the URL: a folder or a filter, the search, the order. */
export interface NotebookSearch {
  folder?: string;
  /** Left out for all notes. */
  filter?: Exclude<NoteFilter, 'all'>;
  q?: string;
  sort?: NoteSort;
  order?: NoteOrder;
}

function matching<Value extends string>(pattern: RegExp, value: unknown): Value | undefined {
  return typeof value === 'string' && pattern.test(value) ? (value as Value) : undefined;
}

/**
 * The notebook's `validateSearch`. Plain checks rather than a schema, for the first download's sake; an
 * invalid value is left out, so an old bookmark still opens.
 */
export function notebookSearchSchema(search: Record<string, unknown>): NotebookSearch {
  const result: NotebookSearch = {};
  if (isUuid(search.folder)) result.folder = search.folder;
  const filter = matching<Exclude<NoteFilter, 'all'>>(/^(favorites|archived|trash)$/, search.filter);
  if (filter) result.filter = filter;
  // Search text: trimmed, 1 to 200 characters.
  const q = typeof search.q === 'string' ? search.q.trim() : '';
  if (q && q.length <= 200) result.q = q;
  const sort = matching<NoteSort>(/^(updatedAt|createdAt|title)$/, search.sort);
  if (sort) result.sort = sort;
  const order = matching<NoteOrder>(/^(asc|desc)$/, search.order);
  if (order) result.order = order;
  return result;
}
