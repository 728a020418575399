import { type Column, columnSchema, type UpdateColumnBody } from '@cairn/contracts/columns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { taskKeys } from '../task-keys';

export interface UpdateColumnVariables {
  columnId: string;
  body: UpdateColumnBody;
}

export function updateColumn({ columnId, body }: UpdateColumnVariables) {
  return apiRequest(`/api/v1/columns/${columnId}`, { method: 'PATCH', body, schema: columnSchema });
}

/** Applies a rename at once; making a column the default or the completion one also unsets the others. */
export function useUpdateColumnMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateColumn,
    meta: { errorMessage: 'Could not save the column' },
    onMutate: async ({ columnId, body }) => {
      await queryClient.cancelQueries({ queryKey: taskKeys.columns() });
      const previous = queryClient.getQueryData<{ items: Column[] }>(taskKeys.columns());
      if (previous) {
        const items = previous.items.map((column) => {
          if (column.id === columnId) return { ...column, ...body };
          return {
            ...column,
            ...(body.isDefault && { isDefault: false }),
            ...(body.isCompletion && { isCompletion: false }),
          };
        });
        queryClient.setQueryData(taskKeys.columns(), { items });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(taskKeys.columns(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.columns() }),
  });
}
