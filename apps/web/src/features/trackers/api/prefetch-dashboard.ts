import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardChartsQueryOptions } from './get-dashboard-charts';
import { trackerKeys } from './tracker-keys';

export function getDashboardWithData({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: the route's loader uses this, and the contract would bring its schema library along.
  const schema = import('@cairn/contracts/trackers').then(
    (contract) => contract.dashboardChartListWithDataSchema,
  );
  return apiRequest('/api/v1/tracker-dashboard?include=data', { schema, signal });
}

/**
 * The charts and every chart's points in one request, for the dashboard's loader: each chart's points
 * go under its own key, as GET /tracker-dashboard/{id}/data answers them, before the charts are
 * there to render, so no card asks for them again. Refetched later, each comes from its own endpoint.
 */
export function prefetchDashboard(queryClient: QueryClient): Promise<void> {
  const { queryKey, meta } = dashboardChartsQueryOptions();
  return queryClient.prefetchQuery({
    queryKey,
    meta,
    queryFn: async ({ signal }) => {
      const { items, data = [] } = await getDashboardWithData({ signal });
      for (const chartData of data)
        queryClient.setQueryData(trackerKeys.chartData(chartData.chartId), chartData);
      return { items };
    },
  });
}
