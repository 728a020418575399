import { folderSchema } from '@cairn/contracts/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshNotesArea } from './note-cache';

export function restoreFolder(folderId: string) {
  return apiRequest(`/api/v1/folders/${folderId}/restore`, { method: 'POST', schema: folderSchema });
}

/** Brings back the folder with what was deleted with it; only the server knows what that was. */
export function useRestoreFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreFolder,
    meta: { errorMessage: 'Could not restore the folder' },
    onSettled: () => refreshNotesArea(queryClient),
  });
}
