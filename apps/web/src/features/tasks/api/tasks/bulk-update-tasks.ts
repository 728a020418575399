import { type BulkTasksBody, bulkTasksResponseSchema, type Task } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';
import { findCachedTask, placeCachedTask, refreshTaskCounts } from './task-cache';

/** One action on many tasks; the API accepts it only while the batch setting is on. */
export function bulkUpdateTasks(body: BulkTasksBody) {
  return apiRequest('/api/v1/tasks/bulk', { method: 'POST', body, schema: bulkTasksResponseSchema });
}

/**
 * The change each task takes, for the actions that touch only the named tasks' own fields; null for
 * those that also move tasks in columns or carry their subtrees along, which only the server can tell.
 */
function toTaskPatch(body: BulkTasksBody): Partial<Task> | null {
  switch (body.action) {
    case 'setList':
      return { listId: body.listId };
    case 'setUrgency':
      return { urgency: body.urgency };
    case 'setImportance':
      return { importance: body.importance };
    case 'archive':
      return { archivedAt: new Date() };
    case 'unarchive':
      return { archivedAt: null };
    case 'addToToday':
      return { addedToToday: true };
    case 'removeFromToday':
      return { addedToToday: false };
    default:
      return null;
  }
}

export function useBulkUpdateTasksMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateTasks,
    meta: { errorMessage: 'Could not change the selected tasks' },
    onSuccess: (_result, body) => {
      const patch = toTaskPatch(body);
      const cached = body.ids.map((taskId) => findCachedTask(queryClient, taskId));
      // Tasks the cache no longer holds (say, archived a moment ago and now brought back) cannot be
      // placed: the listings on screen ask instead.
      if (!patch || cached.some((task) => task === undefined)) {
        void invalidateTaskData(queryClient);
        return;
      }
      for (const previous of cached) {
        if (previous) placeCachedTask(queryClient, { ...previous, ...patch }, { previous });
      }
    },
    onSettled: () => refreshTaskCounts(queryClient, { withLists: true }),
  });
}
