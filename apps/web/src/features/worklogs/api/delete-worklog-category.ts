import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function deleteWorklogCategory(categoryId: string) {
  return apiRequest(`/api/v1/worklogs/categories/${categoryId}`, {
    method: 'DELETE',
    schema: noContentSchema,
  });
}

/** Deletes a category; its entries stay, without it (and keep their multiplier). */
export function useDeleteWorklogCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorklogCategory,
    meta: { errorMessage: 'Could not delete the category' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: worklogKeys.categoryList() }),
        queryClient.invalidateQueries({ queryKey: worklogKeys.entryData() }),
      ]),
  });
}
