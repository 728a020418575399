import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { trackerLogsInfiniteQueryOptions } from '../../../features/trackers/api/get-tracker-logs';
import { trackersQueryOptions } from '../../../features/trackers/api/get-trackers';
import { TrackerLogsPage } from '../../../features/trackers/logs/tracker-logs-page';
import {
  readTrackerLogsSearch,
  type TrackerLogsSearch,
  trackerLogFiltersOf,
} from '../../../features/trackers/utils/tracker-logs-search';
import { currenciesQueryOptions } from '../../../lib/currencies';

export const Route = createFileRoute('/_authenticated/trackers/logs')({
  // Spec section 5: an invalid trackerId is ignored, never an error page.
  validateSearch: readTrackerLogsSearch,
  // Its loader travels with its code, so /login carries neither (nor the trackers contract's schemas).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  loaderDeps: ({ search }) => search,
  // The trackers name and format the rows, and tell a tracker id that is none of the user's; the first
  // page of logs then starts loading with the filters that stand.
  loader: async ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(currenciesQueryOptions());
    const options = trackersQueryOptions();
    await queryClient.ensureQueryData(options);
    // Read raw: ensureQueryData answers the cached data, without the options' select.
    const trackers = queryClient.getQueryData(options.queryKey)?.items ?? [];
    const trackerIds = new Set(trackers.map((tracker) => tracker.id));
    void queryClient.prefetchInfiniteQuery(
      trackerLogsInfiniteQueryOptions(trackerLogFiltersOf(deps, trackerIds)),
    );
  },
  head: () => ({ meta: [{ title: 'Tracker logs · Cairn' }] }),
  component: TrackerLogsRoute,
});

function TrackerLogsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<TrackerLogsSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true }),
    [navigate],
  );
  return <TrackerLogsPage search={search} onSearchChange={onSearchChange} />;
}
