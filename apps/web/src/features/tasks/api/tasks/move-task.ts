import { type Task, taskSchema } from '@cairn/contracts/tasks';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import type { DropPlacement } from '../../utils/board-placement';
import { taskKeys } from '../task-keys';
import {
  findCachedTask,
  patchCachedTask,
  placeCachedTask,
  refreshTaskCounts,
  restoreTaskCaches,
  snapshotTaskCaches,
} from './task-cache';

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

/**
 * Whether the server's place for the card still sorts against the cached neighbours it was dropped by.
 * When a column has no room left between two cards the server renumbers the whole column, and the
 * cached priorities no longer compare with the card's.
 */
function isPlacedAmongCachedNeighbours(queryClient: QueryClient, task: Task, placement: DropPlacement) {
  if ('afterId' in placement) {
    const before = findCachedTask(queryClient, placement.afterId);
    return !before || before.priority < task.priority;
  }
  if ('beforeId' in placement) {
    const after = findCachedTask(queryClient, placement.beforeId);
    return !after || after.priority > task.priority;
  }
  return true;
}

/**
 * Drag and drop on the board: the card leaves its column's cache for the target column's at once (at
 * its place, totals adjusted), settles on the server's answer, and goes back, with a toast, if the move
 * fails. No column is refetched.
 */
export function useMoveTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveTask,
    meta: { errorMessage: 'Could not move the task; it is back where it was' },
    onMutate: async ({ taskId, optimisticPatch }) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      const previous = findCachedTask(queryClient, taskId);
      const wasOpen = !previous?.completedAt;
      if (!previous) {
        patchCachedTask(queryClient, taskId, optimisticPatch);
        return { snapshot, optimistic: undefined, wasOpen };
      }
      const optimistic = { ...previous, ...optimisticPatch };
      placeCachedTask(queryClient, optimistic, { previous });
      return { snapshot, optimistic, wasOpen };
    },
    onSuccess: (task, { placement }, context) => {
      placeCachedTask(queryClient, task, { previous: context.optimistic });
      // Into the completion column, a recurring task's next occurrence was created on the server.
      const hasNewOccurrence = task.recurrenceId !== null && task.completedAt !== null && context.wasOpen;
      if (hasNewOccurrence || !isPlacedAmongCachedNeighbours(queryClient, task, placement)) {
        void queryClient.invalidateQueries({ queryKey: taskKeys.taskLists() });
      }
    },
    onError: (_error, _variables, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => refreshTaskCounts(queryClient),
  });
}
