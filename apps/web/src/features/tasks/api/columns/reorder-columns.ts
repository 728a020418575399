import { type Column, columnListSchema } from '@cairn/contracts/columns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

/** Every column id, left to right. */
export function reorderColumns(ids: string[]) {
  return apiRequest('/api/v1/columns/order', { method: 'PUT', body: { ids }, schema: columnListSchema });
}

export function useReorderColumnsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderColumns,
    meta: { errorMessage: 'Could not reorder the columns' },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.columns() });
      const previous = queryClient.getQueryData<{ items: Column[] }>(taskKeys.columns());
      if (previous) {
        const byId = new Map(previous.items.map((column) => [column.id, column]));
        queryClient.setQueryData(taskKeys.columns(), { items: ids.flatMap((id) => byId.get(id) ?? []) });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(taskKeys.columns(), context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(taskKeys.columns(), data),
  });
}
