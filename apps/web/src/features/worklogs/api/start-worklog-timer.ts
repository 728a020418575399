import { type StartWorklogTimerBody, worklogTimerStateSchema } from '@cairn/contracts/worklogs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isHttpError } from '../../../lib/errors';
import { worklogKeys } from './worklog-keys';

export function startWorklogTimer(body: StartWorklogTimerBody) {
  return apiRequest('/api/v1/worklogs/timer/start', {
    method: 'POST',
    body,
    schema: worklogTimerStateSchema,
  });
}

export function useStartWorklogTimerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startWorklogTimer,
    meta: { errorMessage: 'Could not start the timer' },
    onSuccess: (state) => queryClient.setQueryData(worklogKeys.timer(), state),
    onError: (error) => {
      // Another device started one meanwhile: show it.
      if (isHttpError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: worklogKeys.timer() });
    },
  });
}
