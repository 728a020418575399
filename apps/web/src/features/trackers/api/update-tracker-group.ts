import { trackerGroupSchema, type UpdateTrackerGroupBody } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';

export function updateTrackerGroup({ id, body }: { id: string; body: UpdateTrackerGroupBody }) {
  return apiRequest(`/api/v1/tracker-groups/${id}`, { method: 'PATCH', body, schema: trackerGroupSchema });
}

export function useUpdateTrackerGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrackerGroup,
    meta: { isErrorToastHidden: true },
    onSettled: () => invalidateTrackers(queryClient),
  });
}
