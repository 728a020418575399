import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { trackerKeys } from './tracker-keys';

export function getChartData(chartId: string, { signal }: { signal?: AbortSignal } = {}) {
  const schema = import('@cairn/contracts/trackers').then((contract) => contract.chartDataSchema);
  return apiRequest(`/api/v1/tracker-dashboard/${chartId}/data`, { schema, signal });
}

/** One chart's points over its range, computed per calendar day in the user's time zone. */
export function chartDataQueryOptions(chartId: string) {
  return queryOptions({
    queryKey: trackerKeys.chartData(chartId),
    queryFn: ({ signal }) => getChartData(chartId, { signal }),
    // Each card shows its own failure with a way to try again.
    meta: { isErrorToastHidden: true },
  });
}

export function useChartData(chartId: string) {
  return useQuery(chartDataQueryOptions(chartId));
}
