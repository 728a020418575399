import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';

export function deleteTracker(id: string) {
  return apiRequest(`/api/v1/trackers/${id}`, { method: 'DELETE', schema: noContentSchema });
}

/** The tracker goes with its logs; a calculated tracker that reads it answers 409 with the reason. */
export function useDeleteTrackerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTracker,
    meta: { errorMessage: 'Could not delete the tracker' },
    onSettled: () => invalidateTrackers(queryClient),
  });
}
