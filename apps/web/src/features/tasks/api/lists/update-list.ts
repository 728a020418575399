import { type ListSummary, listSchema, type UpdateListBody } from '@cairn/contracts/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export interface UpdateListVariables {
  listId: string;
  body: UpdateListBody;
}

export function updateList({ listId, body }: UpdateListVariables) {
  return apiRequest(`/api/v1/lists/${listId}`, { method: 'PATCH', body, schema: listSchema });
}

/** Renames or recolours at once in the sidebar, and puts the old values back if the server refuses. */
export function useUpdateListMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateList,
    meta: { errorMessage: 'Could not save the list' },
    onMutate: async ({ listId, body }) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.lists() });
      const previous = queryClient.getQueryData<{ items: ListSummary[] }>(taskKeys.lists());
      if (previous) {
        queryClient.setQueryData(taskKeys.lists(), {
          items: previous.items.map((list) => (list.id === listId ? { ...list, ...body } : list)),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(taskKeys.lists(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
  });
}
