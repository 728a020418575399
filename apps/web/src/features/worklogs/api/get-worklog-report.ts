import type { WorklogReportQuery } from '@cairn/contracts/worklogs';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { worklogKeys } from './worklog-keys';

export function getWorklogReport(query: WorklogReportQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.projectId) search.set('projectId', query.projectId);
  const schema = import('@cairn/contracts/worklogs').then((contract) => contract.worklogReportSchema);
  return apiRequest(`/api/v1/worklogs/reports?${search}`, { schema, signal });
}

/** Totals of a range, grouped by day, week, month, project, category and client. */
export function worklogReportQueryOptions(query: WorklogReportQuery) {
  return queryOptions({
    queryKey: worklogKeys.report(query),
    queryFn: ({ signal }) => getWorklogReport(query, { signal }),
    // The last range's charts stay, dimmed, while the new range loads.
    placeholderData: keepPreviousData,
    // The report cards show their own failure with a way to try again.
    meta: { isErrorToastHidden: true },
  });
}
