import { type CreateTrackerBody, trackerSchema } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';

export function createTracker(body: CreateTrackerBody) {
  return apiRequest('/api/v1/trackers', { method: 'POST', body, schema: trackerSchema });
}

export function useCreateTrackerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTracker,
    meta: { isErrorToastHidden: true },
    onSettled: () => invalidateTrackers(queryClient),
  });
}
