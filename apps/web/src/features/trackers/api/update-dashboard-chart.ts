import {
  type DashboardChartList,
  dashboardChartSchema,
  type UpdateDashboardChartBody,
} from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

export function updateDashboardChart({ id, body }: { id: string; body: UpdateDashboardChartBody }) {
  return apiRequest(`/api/v1/tracker-dashboard/${id}`, {
    method: 'PATCH',
    body,
    schema: dashboardChartSchema,
  });
}

/** Renames a chart or changes what it shows; its points are asked for again. */
export function useUpdateDashboardChartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDashboardChart,
    // The dialog shows refusals beside its fields.
    meta: { isErrorToastHidden: true },
    onSuccess: (chart) => {
      queryClient.setQueryData<DashboardChartList>(
        trackerKeys.charts(),
        (list) =>
          list && { ...list, items: list.items.map((entry) => (entry.id === chart.id ? chart : entry)) },
      );
    },
    onSettled: (_chart, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trackerKeys.charts() }),
        queryClient.invalidateQueries({ queryKey: trackerKeys.chartData(id) }),
      ]),
  });
}
