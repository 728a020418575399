import type { ListFoldersQuery, ListNotesQuery } from '@cairn/contracts/notes';

/** A note listing's filters, sort and search; the cursor and page size belong to the query, not to its key. */
export type NoteListParams = Omit<ListNotesQuery, 'cursor' | 'limit'>;

/**
 * Every cache key of the notes area, defined once. Everything lives under ['notes'], so a change to notes
 * can refresh the whole area without touching other features' data. Attachments live under ['attachments'].
 */
export const noteKeys = {
  all: ['notes'] as const,
  folderLists: () => [...noteKeys.all, 'folders'] as const,
  folderList: (query: ListFoldersQuery) => [...noteKeys.folderLists(), query] as const,
  /** Every note listing (folder, favorites, archive, trash, search hits), whatever its filters. */
  noteLists: () => [...noteKeys.all, 'note-list'] as const,
  noteList: (params: NoteListParams) => [...noteKeys.noteLists(), params] as const,
  details: () => [...noteKeys.all, 'detail'] as const,
  detail: (noteId: string) => [...noteKeys.details(), noteId] as const,
};
