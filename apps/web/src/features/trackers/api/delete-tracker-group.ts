import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';

export function deleteTrackerGroup(id: string) {
  return apiRequest(`/api/v1/tracker-groups/${id}`, { method: 'DELETE', schema: noContentSchema });
}

/** Its trackers stay, under "No group". */
export function useDeleteTrackerGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrackerGroup,
    meta: { errorMessage: 'Could not delete the group' },
    onSettled: () => invalidateTrackers(queryClient),
  });
}
