import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import { useOptimisticRemovalMutation } from '../../../../lib/optimistic-removal';
import { placeReturnedTask, refreshTaskCounts, taskRemovalFromCache } from './task-cache';

export function trashTask(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}`, { method: 'DELETE', schema: noContentSchema });
}

/** Moves the task and its subtasks to the trash; it leaves the listing at once and comes back if the server refuses. */
export function useTrashTaskMutation() {
  return useOptimisticRemovalMutation({
    mutationFn: trashTask,
    errorMessage: 'Could not move the task to the trash',
    ...taskRemovalFromCache,
    // The server answers nothing; the task as it was, now in the trash, joins a cached trash listing.
    onRemoved: (queryClient, _result, context) => {
      if (context.removed)
        placeReturnedTask(queryClient, { ...context.removed, deletedAt: new Date() }, context);
    },
    // Its subtasks left the lists' counts too, which only the server can count.
    invalidate: (queryClient) => refreshTaskCounts(queryClient, { withLists: true }),
  });
}
