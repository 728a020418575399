import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

export function getDashboardCharts({ signal }: { signal?: AbortSignal } = {}) {
  // Imported lazily: the route's loader uses this, and the contract would bring its schema library along.
  const schema = import('@cairn/contracts/trackers').then((contract) => contract.dashboardChartListSchema);
  return apiRequest('/api/v1/tracker-dashboard', { schema, signal });
}

/** The dashboard's charts, top to bottom, left to right. */
export function dashboardChartsQueryOptions() {
  return queryOptions({
    queryKey: trackerKeys.charts(),
    queryFn: getDashboardCharts,
    select: (data) => data.items,
    // The page shows its own failure with a way to try again.
    meta: { isErrorToastHidden: true },
  });
}

export function useDashboardCharts() {
  return useQuery(dashboardChartsQueryOptions());
}
