import type { updateChecklistItemBodySchema } from '@cairn/contracts/tasks';
import { checklistItemSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';
import {
  restoreDetail,
  setCachedChecklist,
  settleChecklist,
  snapshotDetail,
  toSavedId,
} from './checklist-cache';

export type UpdateChecklistItemBody = z.input<typeof updateChecklistItemBodySchema>;

export interface UpdateChecklistItemVariables {
  taskId: string;
  itemId: string;
  body: UpdateChecklistItemBody;
}

export async function updateChecklistItem({ taskId, itemId, body }: UpdateChecklistItemVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}/checklist-items/${await toSavedId(itemId)}`, {
    method: 'PATCH',
    body,
    schema: checklistItemSchema,
  });
}

/** Ticks, renames or marks an item optional at once, and puts it back with a toast if that fails. */
export function useUpdateChecklistItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChecklistItem,
    meta: { errorMessage: 'Could not save the checklist item' },
    onMutate: async ({ taskId, itemId, body }) => {
      const previous = await snapshotDetail(queryClient, taskId);
      const { isCompleted, ...rest } = body;
      setCachedChecklist(queryClient, taskId, (items) =>
        items.map((item) =>
          item.id === itemId
            ? {
                ...item,
                ...rest,
                ...(isCompleted !== undefined && { completedAt: isCompleted ? new Date() : null }),
              }
            : item,
        ),
      );
      return { previous };
    },
    onError: (_error, { taskId }, context) => restoreDetail(queryClient, taskId, context?.previous),
    onSettled: (_data, _error, { taskId }) => settleChecklist(queryClient, taskId),
  });
}
