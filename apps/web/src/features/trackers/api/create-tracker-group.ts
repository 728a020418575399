import { type CreateTrackerGroupBody, trackerGroupSchema } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';

export function createTrackerGroup(body: CreateTrackerGroupBody) {
  return apiRequest('/api/v1/tracker-groups', { method: 'POST', body, schema: trackerGroupSchema });
}

export function useCreateTrackerGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrackerGroup,
    // The dialog shows what the server refused beside its fields, or toasts it.
    meta: { isErrorToastHidden: true },
    onSettled: () => invalidateTrackers(queryClient),
  });
}
