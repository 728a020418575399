import { emptyNotesTrashResponseSchema } from '@cairn/contracts/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshNotesArea } from './note-cache';

export function emptyNotesTrash() {
  return apiRequest('/api/v1/notes/trash', { method: 'DELETE', schema: emptyNotesTrashResponseSchema });
}

/** Deletes every note and folder in the trash for good. */
export function useEmptyNotesTrashMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyNotesTrash,
    meta: { errorMessage: 'Could not empty the trash' },
    onSettled: () => refreshNotesArea(queryClient),
  });
}
