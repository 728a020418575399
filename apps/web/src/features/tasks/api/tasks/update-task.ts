import { type Task, taskSchema, type UpdateTaskBody } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';
import { patchCachedTask, restoreTaskCaches, snapshotTaskCaches } from './task-cache';

export interface UpdateTaskVariables {
  taskId: string;
  body: UpdateTaskBody;
}

export function updateTask({ taskId, body }: UpdateTaskVariables) {
  return apiRequest(`/api/v1/tasks/${taskId}`, { method: 'PATCH', body, schema: taskSchema });
}

/** The body as the cached task would hold it (due dates travel as strings, the cache holds Dates). */
function toTaskPatch(body: UpdateTaskBody): Partial<Task> {
  const { dueDate, ...rest } = body;
  return { ...rest, ...(dueDate !== undefined && { dueDate: dueDate === null ? null : new Date(dueDate) }) };
}

/** Shows the change at once everywhere the task appears, and puts it back if the server refuses it. */
export function useUpdateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    meta: { errorMessage: 'Could not save the task' },
    onMutate: async ({ taskId, body }) => {
      const snapshot = await snapshotTaskCaches(queryClient);
      patchCachedTask(queryClient, taskId, toTaskPatch(body));
      return { snapshot };
    },
    onError: (_error, _variables, context) => restoreTaskCaches(queryClient, context?.snapshot),
    onSettled: () => invalidateTaskData(queryClient),
  });
}
