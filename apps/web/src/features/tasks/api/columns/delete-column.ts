import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../../lib/api-client';
import { invalidateTaskData, taskKeys } from '../task-keys';

/** The column goes and its tasks move to the default column (which itself cannot be deleted). */
export function deleteColumn(columnId: string) {
  return apiRequest(`/api/v1/columns/${columnId}`, { method: 'DELETE', schema: noContentSchema });
}

export function useDeleteColumnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteColumn,
    meta: { errorMessage: 'Could not delete the column' },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.columns() }),
        invalidateTaskData(queryClient),
      ]),
  });
}
