import { type CreateWorklogBody, worklogSchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startOfWeek } from '../utils/calendar-days';
import { addCachedWorklog, refreshWorklogEntries } from './worklog-cache';

export function createWorklog(body: CreateWorklogBody) {
  return apiRequest('/api/v1/worklogs', { method: 'POST', body, schema: worklogSchema });
}

/** The entry shows in its week at once; overlaps, totals and reports are then asked for again. */
export function useCreateWorklogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorklog,
    // The form shows what the server refused beside its fields.
    meta: { isErrorToastHidden: true },
    onSuccess: (worklog) => {
      addCachedWorklog(queryClient, worklog, startOfWeek(worklog.workDate));
      void refreshWorklogEntries(queryClient);
    },
  });
}
