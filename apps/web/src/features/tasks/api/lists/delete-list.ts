import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';

/** The list goes; its tasks stay, without a list. */
export function deleteList(listId: string) {
  return apiRequest(`/api/v1/lists/${listId}`, { method: 'DELETE', schema: noContentSchema });
}

export function useDeleteListMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    meta: { errorMessage: 'Could not delete the list' },
    // Its tasks lose their list, so every listing may change, not only the sidebar.
    onSettled: () => invalidateTaskData(queryClient),
  });
}
