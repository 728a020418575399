import { type FolderList, folderSchema, type UpdateFolderBody } from '@cairn/contracts/notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { noteKeys } from './note-keys';

export interface UpdateFolderVariables {
  folderId: string;
  body: UpdateFolderBody;
}

/** Renames and/or moves a folder; moving it under itself or a descendant is refused (INVALID_PARENT). */
export function updateFolder({ folderId, body }: UpdateFolderVariables) {
  return apiRequest(`/api/v1/folders/${folderId}`, { method: 'PATCH', body, schema: folderSchema });
}

/** The tree shows the new name or place at once (a drop must not lag) and goes back if the server refuses. */
export function useUpdateFolderMutation() {
  const queryClient = useQueryClient();
  const key = noteKeys.folderList({});
  return useMutation({
    mutationFn: updateFolder,
    meta: { errorMessage: 'Could not change the folder' },
    onMutate: async ({ folderId, body }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<FolderList>(key);
      queryClient.setQueryData<FolderList>(
        key,
        (data) =>
          data && {
            ...data,
            items: data.items.map((folder) => (folder.id === folderId ? { ...folder, ...body } : folder)),
          },
      );
      return { previous };
    },
    onSuccess: (folder) =>
      queryClient.setQueryData<FolderList>(
        key,
        (data) =>
          data && { ...data, items: data.items.map((item) => (item.id === folder.id ? folder : item)) },
      ),
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
