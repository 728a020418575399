import type { NoteListParams } from '../api/note-keys';
import type { NotebookSearch, NoteOrder, NoteSort } from './notebook-search';

// Kept apart from notebook-search.ts, which every page loads for the route's search; this loads with the notebook.

/** The default order of each sort: newest first by date, A to Z by title. */
export function defaultOrderOf(sort: NoteSort): NoteOrder {
  return sort === 'title' ? 'asc' : 'desc';
}

/**
 * The API listing the URL asks for. A filter (favorites, archive, trash) shows across folders; a search
 * looks through every note of the filter, not only the open folder, as a notebook's search box does.
 */
export function toNoteListParams(search: NotebookSearch): NoteListParams {
  const params: NoteListParams = {};
  if (search.filter) params.filter = search.filter;
  else if (search.folder && !search.q) params.folderId = search.folder;
  if (search.q) {
    params.q = search.q;
    return params;
  }
  if (search.filter === 'trash') return params;
  if (search.sort) {
    params.sort = search.sort;
    params.order = search.order ?? defaultOrderOf(search.sort);
  } else if (search.order) {
    params.order = search.order;
  }
  return params;
}
