import { checklistItemListSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import {
  restoreDetail,
  setCachedChecklist,
  settleChecklist,
  snapshotDetail,
  toSavedId,
} from './checklist-cache';

export interface ReorderChecklistItemsVariables {
  taskId: string;
  /** Every item id of the checklist, first to last. */
  ids: string[];
}

export async function reorderChecklistItems({ taskId, ids }: ReorderChecklistItemsVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}/checklist-items/order`, {
    method: 'PUT',
    body: { ids: await Promise.all(ids.map(toSavedId)) },
    schema: checklistItemListSchema,
  });
}

/** Drag and drop: the items take their new order at once and go back, with a toast, if it fails. */
export function useReorderChecklistItemsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderChecklistItems,
    meta: { errorMessage: 'Could not reorder the checklist; it is back as it was' },
    onMutate: async ({ taskId, ids }) => {
      const previous = await snapshotDetail(queryClient, taskId);
      setCachedChecklist(queryClient, taskId, (items) => {
        const byId = new Map(items.map((item) => [item.id, item]));
        return ids.flatMap((id) => byId.get(id) ?? []);
      });
      return { previous };
    },
    onError: (_error, { taskId }, context) => restoreDetail(queryClient, taskId, context?.previous),
    onSettled: (_data, _error, { taskId }) => settleChecklist(queryClient, taskId),
  });
}
