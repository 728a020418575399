import {
  type TaskManagerConfig,
  taskManagerConfigSchema,
  type UpdateTaskManagerConfigBody,
} from '@cairn/contracts/task-manager-config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { taskManagerConfigQueryKey } from './get-task-manager-config';

export function updateTaskManagerConfig(body: UpdateTaskManagerConfigBody) {
  return apiRequest('/api/v1/task-manager-config', {
    method: 'PATCH',
    body,
    schema: taskManagerConfigSchema,
  });
}

/** Applies the change at once and rolls it back if the server refuses it. */
export function useUpdateTaskManagerConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaskManagerConfig,
    meta: { errorMessage: 'Could not save your settings' },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: taskManagerConfigQueryKey });
      const previous = queryClient.getQueryData<TaskManagerConfig>(taskManagerConfigQueryKey);
      if (previous) queryClient.setQueryData(taskManagerConfigQueryKey, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(taskManagerConfigQueryKey, context.previous);
    },
    onSuccess: (config) => queryClient.setQueryData(taskManagerConfigQueryKey, config),
  });
}
