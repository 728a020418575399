import { type SetSystemSourceBody, systemSourceListSchema } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTrackers } from './invalidate-trackers';
import { trackerKeys } from './tracker-keys';

export function setSystemSource(body: SetSystemSourceBody) {
  return apiRequest('/api/v1/trackers/system-sources', {
    method: 'PUT',
    body,
    schema: systemSourceListSchema,
  });
}

/** Switches one system tracker on or off; the switch moves at once and moves back if refused. */
export function useSetSystemSourceMutation() {
  const queryClient = useQueryClient();
  const queryKey = trackerKeys.systemSources();
  return useMutation({
    mutationFn: setSystemSource,
    meta: { errorMessage: 'Could not switch the system tracker' },
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<{
        items: { source: string; sourceKey: string | null; isEnabled: boolean }[];
      }>(queryKey);
      if (previous) {
        queryClient.setQueryData(queryKey, {
          ...previous,
          items: previous.items.map((item) =>
            item.source === body.source && item.sourceKey === (body.sourceKey ?? null)
              ? { ...item, isEnabled: body.isEnabled }
              : item,
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
