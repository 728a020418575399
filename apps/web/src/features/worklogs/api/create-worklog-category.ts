import { type CreateWorklogCategoryBody, worklogCategorySchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function createWorklogCategory(body: CreateWorklogCategoryBody) {
  return apiRequest('/api/v1/worklogs/categories', { method: 'POST', body, schema: worklogCategorySchema });
}

export function useCreateWorklogCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorklogCategory,
    meta: { errorMessage: 'Could not create the category' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: worklogKeys.categoryList() }),
  });
}
