import { noteSchema } from '@cairn/contracts/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { findCachedNote, placeCachedNote, restoreNoteCaches, snapshotNoteCaches } from './note-cache';

export interface MoveNoteVariables {
  noteId: string;
  /** The folder to move the note into; null for no folder. */
  folderId: string | null;
}

export function moveNote({ noteId, folderId }: MoveNoteVariables) {
  return apiRequest(`/api/v1/notes/${noteId}`, { method: 'PATCH', body: { folderId }, schema: noteSchema });
}

/** The note leaves its folder's listing and joins the other at once (a drop must not lag), and goes back on failure. */
export function useMoveNoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveNote,
    meta: { errorMessage: 'Could not move the note' },
    onMutate: async ({ noteId, folderId }) => {
      const snapshot = await snapshotNoteCaches(queryClient);
      const previous = findCachedNote(queryClient, noteId);
      if (!previous) return { snapshot, optimistic: undefined };
      const optimistic = { ...previous, folderId };
      placeCachedNote(queryClient, optimistic, { previous });
      return { snapshot, optimistic };
    },
    onSuccess: (note, _variables, context) =>
      placeCachedNote(queryClient, note, { previous: context.optimistic }),
    onError: (_error, _variables, context) => restoreNoteCaches(queryClient, context?.snapshot),
  });
}
