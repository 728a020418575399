import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../lib/optimistic-removal';
import { noteRemovalFromCache, placeReturnedNote } from './note-cache';
import { noteKeys } from './note-keys';

export function trashNote(noteId: string) {
  return apiRequest(`/api/v1/notes/${noteId}`, { method: 'DELETE', schema: noContentSchema });
}

/** Moves the note and its child notes to the trash; it leaves the listing at once and comes back if the server refuses. */
export function useTrashNoteMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: trashNote,
    errorMessage: 'Could not move the note to the trash',
    ...noteRemovalFromCache,
    // The server answers nothing; the note as it was, now in the trash, joins a cached trash listing.
    onRemoved: (queryClient, _result, context) => {
      if (context.removed)
        placeReturnedNote(queryClient, { ...context.removed, deletedAt: new Date() }, context);
    },
    // Its child notes went too: the trash listing and the folders' counts are the server's to tell.
    invalidate: (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: noteKeys.noteList({ filter: 'trash' }), exact: true }),
        queryClient.invalidateQueries({ queryKey: noteKeys.folderLists() }),
      ]),
  });
}
