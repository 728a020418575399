import { type CreateFolderBody, type FolderList, folderSchema } from '@cairn/contracts/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteKeys } from './note-keys';

export function createFolder(body: CreateFolderBody) {
  return apiRequest('/api/v1/folders', { method: 'POST', body, schema: folderSchema });
}

/** The new folder joins the cached tree; nothing is refetched. */
export function useCreateFolderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    meta: { errorMessage: 'Could not create the folder' },
    onSuccess: (folder) =>
      queryClient.setQueryData<FolderList>(
        noteKeys.folderList({}),
        (data) => data && { ...data, items: [...data.items.filter((item) => item.id !== folder.id), folder] },
      ),
  });
}
