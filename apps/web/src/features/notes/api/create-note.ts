import { type CreateNoteBody, noteSchema } from '@cairn/contracts/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { placeCachedNote } from './note-cache';
import { noteKeys } from './note-keys';

export function createNote(body: CreateNoteBody) {
  return apiRequest('/api/v1/notes', { method: 'POST', body, schema: noteSchema });
}

/** The new note joins, at its sorted place, every cached listing it belongs to; nothing is refetched. */
export function useCreateNoteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    meta: { errorMessage: 'Could not create the note' },
    onSuccess: (note) => {
      placeCachedNote(queryClient, note, { isNew: true });
      // A child note: its parent's page lists it and counts it.
      if (note.parentId) void queryClient.invalidateQueries({ queryKey: noteKeys.detail(note.parentId) });
    },
  });
}
