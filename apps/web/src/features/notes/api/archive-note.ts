import { noteSchema } from '@cairn/contracts/notes';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../lib/optimistic-removal';
import { noteRemovalFromCache, placeReturnedNote } from './note-cache';

export interface ArchiveNoteVariables {
  noteId: string;
  /** true to archive, false to take it back out of the archive. */
  archive: boolean;
}

export function archiveNote({ noteId, archive }: ArchiveNoteVariables) {
  const action = archive ? 'archive' : 'unarchive';
  return apiRequest(`/api/v1/notes/${noteId}/${action}`, { method: 'POST', schema: noteSchema });
}

/** The note leaves the current listing at once, joins the archive (or leaves it), and comes back if the server refuses. */
export function useArchiveNoteMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: archiveNote,
    errorMessage: 'Could not archive the note',
    queryKeys: noteRemovalFromCache.queryKeys,
    removeFromCache: (queryClient: QueryClient, { noteId }: ArchiveNoteVariables) =>
      noteRemovalFromCache.removeFromCache(queryClient, noteId),
    onRemoved: (queryClient, note, { removed }) => placeReturnedNote(queryClient, note, { removed }),
    invalidate: () => Promise.resolve(),
  });
}
