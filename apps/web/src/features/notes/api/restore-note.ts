import { noteSchema } from '@cairn/contracts/notes';
import { apiRequest } from '../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../lib/optimistic-removal';
import { noteRemovalFromCache, placeReturnedNote } from './note-cache';
import { noteKeys } from './note-keys';

export function restoreNote(noteId: string) {
  return apiRequest(`/api/v1/notes/${noteId}/restore`, { method: 'POST', schema: noteSchema });
}

/** The note (with its child notes) leaves the trash listing at once and comes back if the server refuses. */
export function useRestoreNoteMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: restoreNote,
    errorMessage: 'Could not restore the note',
    ...noteRemovalFromCache,
    onRemoved: placeReturnedNote,
    // Child notes and folders restored along with it are known only to the server.
    invalidate: (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: noteKeys.noteLists() }),
        queryClient.invalidateQueries({ queryKey: noteKeys.folderLists() }),
      ]),
  });
}
