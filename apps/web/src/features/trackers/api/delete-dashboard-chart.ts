import type { DashboardChartList } from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContentSchema } from '../../../lib/api-client';
import { restoreQueries, snapshotQueries } from '../../../lib/optimistic-removal';
import { trackerKeys } from './tracker-keys';

export function deleteDashboardChart(chartId: string) {
  return apiRequest(`/api/v1/tracker-dashboard/${chartId}`, { method: 'DELETE', schema: noContentSchema });
}

/** The chart leaves the dashboard at once, and comes back if the server refuses. */
export function useDeleteDashboardChartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDashboardChart,
    meta: { errorMessage: 'Could not delete the chart' },
    onMutate: async (chartId: string) => {
      const snapshot = await snapshotQueries(queryClient, [trackerKeys.charts()]);
      queryClient.setQueryData<DashboardChartList>(
        trackerKeys.charts(),
        (list) => list && { ...list, items: list.items.filter((chart) => chart.id !== chartId) },
      );
      return { snapshot };
    },
    onError: (_error, _chartId, context) => restoreQueries(queryClient, context?.snapshot),
    onSuccess: (_result, chartId) => queryClient.removeQueries({ queryKey: trackerKeys.chartData(chartId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackerKeys.charts() }),
  });
}
