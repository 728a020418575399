import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { isHttpError } from '../../../lib/errors';
import { worklogKeys } from './worklog-keys';

export function discardWorklogTimer() {
  return apiRequest('/api/v1/worklogs/timer', { method: 'DELETE', schema: noContentSchema });
}

/** Throws the running timer away without writing an entry. */
export function useDiscardWorklogTimerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: discardWorklogTimer,
    meta: { errorMessage: 'Could not discard the timer' },
    onSuccess: () => queryClient.setQueryData(worklogKeys.timer(), { timer: null }),
    onError: (error) => {
      // Already stopped elsewhere: show that.
      if (isHttpError(error) && error.status === 404)
        void queryClient.invalidateQueries({ queryKey: worklogKeys.timer() });
    },
  });
}
