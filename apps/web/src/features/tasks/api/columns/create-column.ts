import { type CreateColumnBody, columnSchema } from '@cairn/contracts/columns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export function createColumn(body: CreateColumnBody) {
  return apiRequest('/api/v1/columns', { method: 'POST', body, schema: columnSchema });
}

export function useCreateColumnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createColumn,
    meta: { errorMessage: 'Could not add the column' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.columns() }),
  });
}
