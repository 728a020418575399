import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import {
  restoreDetail,
  setCachedChecklist,
  settleChecklist,
  snapshotDetail,
  toSavedId,
} from './checklist-cache';

export interface DeleteChecklistItemVariables {
  taskId: string;
  itemId: string;
}

export async function deleteChecklistItem({ taskId, itemId }: DeleteChecklistItemVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}/checklist-items/${await toSavedId(itemId)}`, {
    method: 'DELETE',
    schema: noContentSchema,
  });
}

export function useDeleteChecklistItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChecklistItem,
    meta: { errorMessage: 'Could not delete the checklist item' },
    onMutate: async ({ taskId, itemId }) => {
      const previous = await snapshotDetail(queryClient, taskId);
      setCachedChecklist(queryClient, taskId, (items) => items.filter((item) => item.id !== itemId));
      return { previous };
    },
    onError: (_error, { taskId }, context) => restoreDetail(queryClient, taskId, context?.previous),
    onSettled: (_data, _error, { taskId }) => settleChecklist(queryClient, taskId),
  });
}
