import type { ListNotesQuery } from '@cairn/contracts/notes';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type NoteListParams, noteKeys } from './note-keys';

/** Listings load this many notes at a time, and the next page as the list scrolls near its end. */
export const NOTE_PAGE_SIZE = 50;

export function getNotes(query: ListNotesQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const suffix = search.size > 0 ? `?${search}` : '';
  // Imported lazily: route loaders use this, and the contract would bring its schema library to every page.
  const schema = import('@cairn/contracts/notes').then((contract) => contract.notePageSchema);
  return apiRequest(`/api/v1/notes${suffix}`, { schema, signal });
}

/** A listing loaded page by page (`fetchNextPage` follows the cursor). */
export function notesInfiniteQueryOptions(params: NoteListParams, pageSize: number = NOTE_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: noteKeys.noteList(params),
    queryFn: ({ pageParam, signal }) =>
      getNotes({ ...params, limit: pageSize, ...(pageParam && { cursor: pageParam }) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorMessage: params.q ? 'Could not search your notes' : 'Could not load your notes' },
  });
}
