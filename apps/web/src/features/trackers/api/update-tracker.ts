import { trackerSchema, type UpdateTrackerBody } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';

export function updateTracker({ id, body }: { id: string; body: UpdateTrackerBody }) {
  return apiRequest(`/api/v1/trackers/${id}`, { method: 'PATCH', body, schema: trackerSchema });
}

export function useUpdateTrackerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTracker,
    meta: { isErrorToastHidden: true },
    onSettled: () => invalidateTrackers(queryClient),
  });
}
