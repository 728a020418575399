import { completeTaskResponseSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { taskKeys } from '../api/task-keys';
import { findCachedTask, placeCachedTask, refreshTaskCounts } from '../api/tasks/task-cache';

/** Skips this occurrence of a recurring task: it is archived, and the next one is created. */
export function skipOccurrence(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/skip`, {
    method: 'POST',
    schema: completeTaskResponseSchema,
  });
}

/**
 * Waits for the server, which alone creates the next occurrence; its answer then moves the skipped one
 * to the archive and puts the next one in the listings it belongs to, as completing does.
 */
export function useSkipOccurrenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipOccurrence,
    meta: { errorMessage: 'Could not skip this occurrence' },
    onSuccess: ({ nextOccurrence, ...task }) => {
      placeCachedTask(queryClient, task, { previous: findCachedTask(queryClient, task.id) });
      if (nextOccurrence) placeCachedTask(queryClient, nextOccurrence, { isNew: true });
      // The next occurrence's subtasks were created on the server; what shows them asks again.
      if ((nextOccurrence?.childrenCount ?? 0) > 0) {
        void queryClient.invalidateQueries({
          queryKey: taskKeys.all,
          predicate: ({ queryKey }) => queryKey[1] !== 'columns',
        });
      }
    },
    onSettled: () => refreshTaskCounts(queryClient),
  });
}
