import { type Task, taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import type { DropPlacement } from '../../utils/board-placement';
import { invalidateTaskData } from '../task-keys';
import { patchCachedTask, restoreTaskCaches, snapshotTaskCaches } from './task-cache';

export interface MoveTaskVariables {
  taskId: string;
  columnId: string;
  /** Where in the column the card lands (see placementForDrop). */
  placement: DropPlacement;
  /** How the card looks until the server answers: its column, its place (priority), its completion. */
  optimisticPatch: Partial<Task>;
}

export async function moveTask({ taskId, columnId, placement }: MoveTaskVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}/move`, {
    method: 'POST',
    body: { columnId, ...placement },
    schema: taskSchema,
  });
}

/** Drag and drop on the board: the card moves at once and goes back, with a toast, if the move fails. */
export function useMoveTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTask,
    meta: { errorMessage: 'Could not move the task; it is back where it was' },
    onMutate: async ({ taskId, optimisticPatch }) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      patchCachedTask(queryClient, taskId, optimisticPatch);
      return { snapshot };
    },
    onError: (_error, _variables, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => invalidateTaskData(queryClient),
  });
}
