import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { trackersQueryOptions } from '../../features/trackers/api/get-trackers';
import { prefetchDashboard } from '../../features/trackers/api/prefetch-dashboard';
import { DashboardPage } from '../../features/trackers/dashboard/dashboard-page';
import { currenciesQueryOptions } from '../../lib/currencies';

export const Route = createFileRoute('/_authenticated/tracker-dashboard')({
  // Its loader travels with its code, so /login carries neither (nor the trackers contract's schemas).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  // The charts with their points start loading with the route's code, in one request, and the page
  // shows its own loading and error states. The trackers (for the chart dialog) and currencies (for
  // money values) load beside them.
  loader: ({ context: { queryClient } }) => {
    void prefetchDashboard(queryClient);
    void queryClient.prefetchQuery(trackersQueryOptions());
    void queryClient.prefetchQuery(currenciesQueryOptions());
  },
  head: () => ({ meta: [{ title: 'Dashboard · Cairn' }] }),
  component: TrackerDashboardRoute,
});

function TrackerDashboardRoute() {
  const navigate = Route.useNavigate();
  const onOpenTrackerLogs = useCallback(
    (trackerId: string) => void navigate({ to: '/trackers/logs', search: { trackerId } }),
    [navigate],
  );
  return <DashboardPage onOpenTrackerLogs={onOpenTrackerLogs} />;
}
