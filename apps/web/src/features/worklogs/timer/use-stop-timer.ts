import type { Worklog } from '@cairn/contracts/worklogs';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadToasts } from '../../../lib/toasts';
import { type StopWorklogTimerVariables, useStopWorklogTimerMutation } from '../api/stop-worklog-timer';
import { startOfWeek } from '../utils/calendar-days';
import { formatClock } from '../utils/clock';

/** Stops the timer and says what was logged, with a way to the week it landed in. */
export function useStopTimer() {
  const stop = useStopWorklogTimerMutation();
  const navigate = useNavigate();
  const { mutate } = stop;
  const stopTimer = useCallback(
    (variables: StopWorklogTimerVariables = {}, onStopped?: (worklog: Worklog) => void) =>
      mutate(variables, {
        onSuccess: (worklog) => {
          onStopped?.(worklog);
          void loadToasts().then(({ toast }) =>
            toast.success(`Logged ${formatClock(worklog.duration)}`, {
              action: {
                label: 'Show',
                onClick: () =>
                  void navigate({ to: '/worklogs', search: { week: startOfWeek(worklog.workDate) } }),
              },
            }),
          );
        },
      }),
    [mutate, navigate],
  );
  return { stopTimer, isStopping: stop.isPending };
}
