import { type CreateListBody, listSchema } from '@cairn/contracts/lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function createList(body: CreateListBody) {
  return apiRequest('/api/v1/lists', { method: 'POST', body, schema: listSchema });
}

export function useCreateListMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    meta: { errorMessage: 'Could not create the list' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
  });
}
