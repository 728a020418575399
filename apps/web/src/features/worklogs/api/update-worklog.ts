import { type UpdateWorklogBody, worklogSchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { findCachedWorklog, refreshAfterEdit, replaceCachedWorklog } from './worklog-cache';

export interface UpdateWorklogVariables {
  worklogId: string;
  body: UpdateWorklogBody;
}

export function updateWorklog({ worklogId, body }: UpdateWorklogVariables) {
  return apiRequest(`/api/v1/worklogs/${worklogId}`, { method: 'PATCH', body, schema: worklogSchema });
}

/** The saved entry replaces the old one where it is shown; a moved day or overlap comes with a refresh. */
export function useUpdateWorklogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorklog,
    // The form shows what the server refused beside its fields.
    meta: { isErrorToastHidden: true },
    onSuccess: (worklog) => {
      const previous = findCachedWorklog(queryClient, worklog.id);
      replaceCachedWorklog(queryClient, worklog);
      void refreshAfterEdit(queryClient, previous, worklog);
    },
  });
}
