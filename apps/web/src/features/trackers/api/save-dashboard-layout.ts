import type { DashboardChartList, DashboardLayoutBody } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema, type ResponseSchema } from '../../../lib/api-client';
import { restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import { trackerKeys } from './tracker-keys';

/** The layout call answers with nothing or with the charts as saved; either is fine, the list is refetched. */
function loadLayoutAnswerSchema(): Promise<ResponseSchema<DashboardChartList | undefined>> {
  return import('@cairn/contracts/trackers').then(({ dashboardChartListSchema }) => ({
    safeParse: (data: unknown) =>
      data === undefined ? noContentSchema.safeParse(data) : dashboardChartListSchema.safeParse(data),
  }));
}

export function saveDashboardLayout(body: DashboardLayoutBody) {
  return apiRequest('/api/v1/tracker-dashboard/layout', {
    method: 'PUT',
    body,
    schema: loadLayoutAnswerSchema(),
  });
}

/**
 * Every moved or resized chart in one call. The cards stay where they were dropped at once; if the
 * server refuses, they go back where they were, with a toast.
 */
export function useSaveDashboardLayoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDashboardLayout,
    meta: { errorMessage: 'Could not save the layout' },
    onMutate: async (body: DashboardLayoutBody) => {
      const snapshot = await snapshotQueries(queryClient, [trackerKeys.charts()]);
      const changes = new Map(body.items.map((item) => [item.id, item]));
      queryClient.setQueryData<DashboardChartList>(
        trackerKeys.charts(),
        (list) =>
          list && {
            ...list,
            items: list.items.map((chart) => {
              const change = changes.get(chart.id);
              return change ? { ...chart, position: change.position, size: change.size } : chart;
            }),
          },
      );
      return { snapshot };
    },
    onError: (_error, _body, context) => restoreQueries(queryClient, context?.snapshot),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackerKeys.charts() }),
  });
}
