import { type UpdateWorklogCategoryBody, worklogCategorySchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export interface UpdateWorklogCategoryVariables {
  categoryId: string;
  body: UpdateWorklogCategoryBody;
}

export function updateWorklogCategory({ categoryId, body }: UpdateWorklogCategoryVariables) {
  return apiRequest(`/api/v1/worklogs/categories/${categoryId}`, {
    method: 'PATCH',
    body,
    schema: worklogCategorySchema,
  });
}

/** A new multiplier applies to entries written from now on; reports name categories, so they follow. */
export function useUpdateWorklogCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorklogCategory,
    meta: { errorMessage: 'Could not save the category' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: worklogKeys.categoryList() }),
        queryClient.invalidateQueries({ queryKey: worklogKeys.reports() }),
      ]),
  });
}
