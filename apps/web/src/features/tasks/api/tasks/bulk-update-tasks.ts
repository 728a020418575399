import { type BulkTasksBody, bulkTasksResponseSchema } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateTaskData } from '../task-keys';

/** One action on many tasks; the API accepts it only while the batch setting is on. */
export function bulkUpdateTasks(body: BulkTasksBody) {
  return apiRequest('/api/v1/tasks/bulk', { method: 'POST', body, schema: bulkTasksResponseSchema });
}

export function useBulkUpdateTasksMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateTasks,
    meta: { errorMessage: 'Could not change the selected tasks' },
    onSettled: () => invalidateTaskData(queryClient),
  });
}
