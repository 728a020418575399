import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isHttpError } from '../../../lib/errors';
import { worklogKeys } from './worklog-keys';

export interface StopWorklogTimerVariables {
  /** Replaces the timer's description on the entry, when given. */
  description?: string;
}

export function stopWorklogTimer({ description }: StopWorklogTimerVariables = {}) {
  // Imported lazily: the header's Stop button is on every screen.
  const schema = import('@cairn/contracts/worklogs').then((contract) => contract.worklogSchema);
  const body = description === undefined ? {} : { description };
  return apiRequest('/api/v1/worklogs/timer/stop', { method: 'POST', body, schema });
}

/**
 * Stops the timer; the server writes the entry. The week, the list, reports and task totals then
 * ask again, so the entry shows wherever it belongs.
 */
export function useStopWorklogTimerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopWorklogTimer,
    meta: { errorMessage: 'Could not stop the timer' },
    onSuccess: () => queryClient.setQueryData(worklogKeys.timer(), { timer: null }),
    onError: (error) => {
      // Already stopped elsewhere: show that.
      if (isHttpError(error) && error.status === 404)
        void queryClient.invalidateQueries({ queryKey: worklogKeys.timer() });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: worklogKeys.entryData() }),
  });
}
