import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../lib/optimistic-removal';
import { noteRemovalFromCache } from './note-cache';

export function purgeNote(noteId: string) {
  return apiRequest(`/api/v1/notes/${noteId}/permanent`, { method: 'DELETE', schema: noContentSchema });
}

/**
 * Deletes a note in the trash for good, with its child notes; it leaves the trash listing at once. Notes
 * in the trash count nowhere, so nothing else needs refreshing.
 */
export function usePurgeNoteMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: purgeNote,
    errorMessage: 'Could not delete the note',
    ...noteRemovalFromCache,
    invalidate: () => Promise.resolve(),
  });
}
