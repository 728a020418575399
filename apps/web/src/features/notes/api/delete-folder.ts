import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { refreshNotesArea } from './note-cache';

export function deleteFolder(folderId: string) {
  return apiRequest(`/api/v1/folders/${folderId}`, { method: 'DELETE', schema: noContentSchema });
}

/**
 * Moves the folder, its subfolders and their notes to the trash. Which notes went with it only the
 * server knows, so the notes area is asked again.
 */
export function useDeleteFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    meta: { errorMessage: 'Could not move the folder to the trash' },
    onSettled: () => refreshNotesArea(queryClient),
  });
}
