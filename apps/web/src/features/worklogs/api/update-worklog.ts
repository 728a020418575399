import { type UpdateWorklogBody, worklogSchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshWorklogEntries, replaceCachedWorklog } from './worklog-cache';

export interface UpdateWorklogVariables {
  worklogId: string;
  body: UpdateWorklogBody;
}

export function updateWorklog({ worklogId, body }: UpdateWorklogVariables) {
  return apiRequest(`/api/v1/worklogs/${worklogId}`, { method: 'PATCH', body, schema: worklogSchema });
}

/** The saved entry replaces the old one where it is shown; a moved day or overlap comes with the refresh. */
export function useUpdateWorklogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorklog,
    // The form shows what the server refused beside its fields.
    meta: { isErrorToastHidden: true },
    onSuccess: (worklog) => {
      replaceCachedWorklog(queryClient, worklog);
      void refreshWorklogEntries(queryClient);
    },
  });
}
