import { type CreateTaskBody, taskSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';

export function createTask(body: CreateTaskBody) {
  return apiRequest('/api/v1/tasks', { method: 'POST', body, schema: taskSchema });
}

export function useCreateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    meta: { errorMessage: 'Could not add the task' },
    onSettled: () => invalidateTaskData(queryClient),
  });
}
