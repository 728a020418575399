import {
  type CreateDashboardChartBody,
  type DashboardChartList,
  dashboardChartSchema,
} from '@cairn/contracts/trackers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

export function createDashboardChart(body: CreateDashboardChartBody) {
  return apiRequest('/api/v1/tracker-dashboard', { method: 'POST', body, schema: dashboardChartSchema });
}

/** Adds a chart below the others. The dialog shows refusals beside its fields, so no toast here. */
export function useCreateDashboardChartMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDashboardChart,
    meta: { isErrorToastHidden: true },
    onSuccess: (chart) => {
      queryClient.setQueryData<DashboardChartList>(
        trackerKeys.charts(),
        (list) => list && { ...list, items: [...list.items, chart] },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: trackerKeys.charts() }),
  });
}
