import { worklogSchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { startOfWeek } from '../utils/calendar-days';
import { addCachedWorklog, refreshWorklogEntries } from './worklog-cache';

export interface CopyWorklogVariables {
  worklogId: string;
  workDate: string;
}

export function copyWorklog({ worklogId, workDate }: CopyWorklogVariables) {
  return apiRequest(`/api/v1/worklogs/${worklogId}/copy`, {
    method: 'POST',
    body: { workDate },
    schema: worklogSchema,
  });
}

/** The same entry on another day; it shows in that day's week at once. */
export function useCopyWorklogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyWorklog,
    meta: { errorMessage: 'Could not copy the entry' },
    onSuccess: (worklog) => {
      addCachedWorklog(queryClient, worklog, startOfWeek(worklog.workDate));
      void refreshWorklogEntries(queryClient);
    },
  });
}
