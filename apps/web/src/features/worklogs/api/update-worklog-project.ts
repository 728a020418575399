import { type UpdateWorklogProjectBody, worklogProjectSchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export interface UpdateWorklogProjectVariables {
  projectId: string;
  body: UpdateWorklogProjectBody;
}

export function updateWorklogProject({ projectId, body }: UpdateWorklogProjectVariables) {
  return apiRequest(`/api/v1/worklogs/projects/${projectId}`, {
    method: 'PATCH',
    body,
    schema: worklogProjectSchema,
  });
}

/** Renaming, a new client, ending or reopening. Reports and the list name projects, so they follow. */
export function useUpdateWorklogProjectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorklogProject,
    meta: { errorMessage: 'Could not save the project' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: worklogKeys.projectLists() }),
        queryClient.invalidateQueries({ queryKey: worklogKeys.reports() }),
      ]),
  });
}
