import { type CreateTrackerLogBody, type Tracker, trackerLogSchema } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';
import { trackerKeys } from './tracker-keys';
import { toReadableError } from './tracker-request-error';

export async function createTrackerLog(body: CreateTrackerLogBody) {
  try {
    return await apiRequest('/api/v1/tracker-logs', { method: 'POST', body, schema: trackerLogSchema });
  } catch (error) {
    throw toReadableError(error);
  }
}

/**
 * Logs a value. The tracker's last value changes at once when the new log is its latest, and changes
 * back if the server refuses (its message is toasted); calculated trackers and sparklines follow the
 * refresh.
 */
export function useCreateTrackerLogMutation() {
  const queryClient = useQueryClient();
  const queryKey = trackerKeys.trackers();
  return useMutation({
    mutationFn: createTrackerLog,
    meta: { errorMessage: 'Could not save the value' },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<{ items: Tracker[] }>(queryKey);
      // Only a number the server could take is shown ahead of its answer.
      if (previous && /^-?\d{1,14}(\.\d{1,6})?$/.test(body.value.trim())) {
        const logDate = body.logDate ? new Date(body.logDate) : new Date();
        queryClient.setQueryData(queryKey, {
          ...previous,
          items: previous.items.map((tracker) =>
            tracker.id === body.trackerId && (!tracker.lastLog || tracker.lastLog.logDate <= logDate)
              ? {
                  ...tracker,
                  logCount: tracker.logCount + 1,
                  lastLog: { id: `pending-${tracker.id}`, value: body.value.trim(), logDate },
                }
              : tracker,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => invalidateTrackers(queryClient),
  });
}
