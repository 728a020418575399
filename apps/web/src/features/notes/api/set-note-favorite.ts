import { noteSchema } from '@cairn/contracts/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { findCachedNote, placeCachedNote, restoreNoteCaches, snapshotNoteCaches } from './note-cache';

export interface SetNoteFavoriteVariables {
  noteId: string;
  isFavorite: boolean;
}

export function setNoteFavorite({ noteId, isFavorite }: SetNoteFavoriteVariables) {
  return apiRequest(`/api/v1/notes/${noteId}`, { method: 'PATCH', body: { isFavorite }, schema: noteSchema });
}

/** The star and the Favorites listing change at once, and go back if the server refuses. */
export function useSetNoteFavoriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNoteFavorite,
    meta: { errorMessage: 'Could not change the favorite' },
    onMutate: async ({ noteId, isFavorite }) => {
      const snapshot = await snapshotNoteCaches(queryClient);
      const previous = findCachedNote(queryClient, noteId);
      if (!previous) return { snapshot, optimistic: undefined };
      const optimistic = { ...previous, isFavorite };
      placeCachedNote(queryClient, optimistic, { previous });
      return { snapshot, optimistic };
    },
    onSuccess: (note, _variables, context) =>
      placeCachedNote(queryClient, note, { previous: context.optimistic }),
    onError: (_error, _variables, context) => restoreNoteCaches(queryClient, context?.snapshot),
  });
}
