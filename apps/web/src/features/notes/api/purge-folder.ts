import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { refreshNotesArea } from './note-cache';

export function purgeFolder(folderId: string) {
  return apiRequest(`/api/v1/folders/${folderId}/permanent`, { method: 'DELETE', schema: noContentSchema });
}

/** Deletes a folder in the trash for good, with its content; the trash listings are asked again. */
export function usePurgeFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purgeFolder,
    meta: { errorMessage: 'Could not delete the folder' },
    onSettled: () => refreshNotesArea(queryClient),
  });
}
