import { type ChecklistItem, checklistItemSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import {
  restoreDetail,
  setCachedChecklist,
  settleChecklist,
  snapshotDetail,
  trackDraft,
} from './checklist-cache';

export interface CreateChecklistItemVariables {
  taskId: string;
  title: string;
}

export function createChecklistItem({ taskId, title }: CreateChecklistItemVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}/checklist-items`, {
    method: 'POST',
    body: { title },
    schema: checklistItemSchema,
  });
}

/** The item shows at the end of the checklist at once, and goes away again if the server refuses it. */
export function useCreateChecklistItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChecklistItem,
    meta: { errorMessage: 'Could not add the checklist item' },
    onMutate: async ({ taskId, title }) => {
      const previous = await snapshotDetail(queryClient, taskId);
      const draft: ChecklistItem = {
        id: crypto.randomUUID(),
        taskId,
        title: title.trim(),
        priority: Number.MAX_SAFE_INTEGER,
        isOptional: false,
        completedAt: null,
        archivedAt: null,
        deletedAt: null,
      };
      setCachedChecklist(queryClient, taskId, (items) => [...items, draft]);
      return { previous, draftId: draft.id, finishDraft: trackDraft(draft.id) };
    },
    onSuccess: (item, { taskId }, context) => {
      // First, so the row keeps its key (see getChecklistItemKey) when it shows the saved id.
      context.finishDraft(item.id);
      setCachedChecklist(queryClient, taskId, (items) =>
        items.map((entry) => (entry.id === context.draftId ? item : entry)),
      );
    },
    onError: (_error, { taskId }, context) => {
      restoreDetail(queryClient, taskId, context?.previous);
      context?.finishDraft();
    },
    onSettled: (_data, _error, { taskId }) => settleChecklist(queryClient, taskId),
  });
}
