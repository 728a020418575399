import { trackerLogSchema, type UpdateTrackerLogBody } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';

export function updateTrackerLog({ id, body }: { id: string; body: UpdateTrackerLogBody }) {
  return apiRequest(`/api/v1/tracker-logs/${id}`, { method: 'PATCH', body, schema: trackerLogSchema });
}

export function useUpdateTrackerLogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrackerLog,
    // The row shows what the server refused beside its fields, or toasts it.
    meta: { isErrorToastHidden: true },
    onSettled: () => invalidateTrackers(queryClient),
  });
}
