import { type CreateWorklogProjectBody, worklogProjectSchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function createWorklogProject(body: CreateWorklogProjectBody) {
  return apiRequest('/api/v1/worklogs/projects', { method: 'POST', body, schema: worklogProjectSchema });
}

export function useCreateWorklogProjectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorklogProject,
    meta: { errorMessage: 'Could not create the project' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: worklogKeys.projectLists() }),
  });
}
