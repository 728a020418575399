import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function deleteWorklogProject(projectId: string) {
  return apiRequest(`/api/v1/worklogs/projects/${projectId}`, { method: 'DELETE', schema: noContentSchema });
}

/** Deletes a project without entries; one with entries is refused (409) with the advice to end it. */
export function useDeleteWorklogProjectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorklogProject,
    meta: { errorMessage: 'Could not delete the project' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: worklogKeys.projectLists() }),
  });
}
