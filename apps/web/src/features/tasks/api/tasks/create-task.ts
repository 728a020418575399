import { type CreateTaskBody, taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { placeCachedTask, refreshTaskCounts } from './task-cache';

export function createTask(body: CreateTaskBody) {
  return apiRequest('/api/v1/tasks', { method: 'POST', body, schema: taskSchema });
}

/** The new task joins, at its sorted place, every cached listing it matches; nothing is refetched but the counts. */
export function useCreateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    meta: { errorMessage: 'Could not add the task' },
    onSuccess: (task) => placeCachedTask(queryClient, task, { isNew: true }),
    onSettled: () => refreshTaskCounts(queryClient),
  });
}
