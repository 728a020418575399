import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function getWorklogTimer({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: the header asks for the timer on every screen, and the contract's schema
  // library need not come with that first request.
  const schema = import('@cairn/contracts/worklogs').then((contract) => contract.worklogTimerStateSchema);
  return apiRequest('/api/v1/worklogs/timer', { schema, signal });
}

/**
 * The running timer, or none. It lives on the server, so it is the same after a reload and on
 * every device; coming back to the window asks again, as another device may have stopped it.
 */
export function worklogTimerQueryOptions() {
  return queryOptions({
    queryKey: worklogKeys.timer(),
    queryFn: ({ signal }) => getWorklogTimer({ signal }),
    refetchOnWindowFocus: true,
    // Every screen shows the header; a failure there (offline) must not toast on each of them.
    meta: { isErrorToastHidden: true },
  });
}
