import { type ListSummary, listSummariesSchema } from '@cairn/contracts/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

/** Every list id, first to last. */
export function reorderLists(ids: string[]) {
  return apiRequest('/api/v1/lists/order', { method: 'PUT', body: { ids }, schema: listSummariesSchema });
}

export function useReorderListsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderLists,
    meta: { errorMessage: 'Could not reorder the lists' },
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.lists() });
      const previous = queryClient.getQueryData<{ items: ListSummary[] }>(taskKeys.lists());
      if (previous) {
        const byId = new Map(previous.items.map((list) => [list.id, list]));
        const items = ids.flatMap((id) => byId.get(id) ?? []);
        queryClient.setQueryData(taskKeys.lists(), { items });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(taskKeys.lists(), context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(taskKeys.lists(), data),
  });
}
