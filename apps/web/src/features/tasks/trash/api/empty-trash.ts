import { emptyTrashResponseSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../../api/task-keys';

export function emptyTrash() {
  return apiRequest('/api/v1/tasks/trash', { method: 'DELETE', schema: emptyTrashResponseSchema });
}

/** Deletes everything in the trash for good. */
export function useEmptyTrashMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyTrash,
    meta: { errorMessage: 'Could not empty the trash' },
    onSettled: () => invalidateTaskData(queryClient),
  });
}
