import { type Task, taskSchema, type UpdateTaskBody } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import {
  findCachedTask,
  patchCachedTask,
  placeCachedTask,
  refreshTaskCounts,
  restoreTaskCaches,
  snapshotTaskCaches,
} from './task-cache';

export interface UpdateTaskVariables {
  taskId: string;
  body: UpdateTaskBody;
}

export function updateTask({ taskId, body }: UpdateTaskVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}`, { method: 'PATCH', body, schema: taskSchema });
}

const toDate = (instant: string | null) => (instant === null ? null : new Date(instant));

/** The body as the cached task would hold it (instants travel as strings, the cache holds Dates). */
function toTaskPatch(body: UpdateTaskBody): Partial<Task> {
  const { dueDate, remindAt, ...rest } = body;
  return {
    ...rest,
    ...(dueDate !== undefined && { dueDate: toDate(dueDate) }),
    ...(remindAt !== undefined && { remindAt: toDate(remindAt) }),
  };
}

/**
 * Shows the change at once everywhere the task appears (a new urgency moves the card to its cell, a
 * new list takes it out of the old list's listing), puts it back if the server refuses it, and settles
 * on the server's answer in place.
 */
export function useUpdateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    meta: { errorMessage: 'Could not save the task' },
    onMutate: async ({ taskId, body }) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      const previous = findCachedTask(queryClient, taskId);
      if (!previous) {
        patchCachedTask(queryClient, taskId, toTaskPatch(body));
        return { snapshot, optimistic: undefined };
      }
      const optimistic = { ...previous, ...toTaskPatch(body) };
      placeCachedTask(queryClient, optimistic, { previous });
      return { snapshot, optimistic };
    },
    onSuccess: (task, _variables, context) =>
      placeCachedTask(queryClient, task, { previous: context.optimistic }),
    onError: (_error, _variables, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => refreshTaskCounts(queryClient),
  });
}
