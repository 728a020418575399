import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { dashboardChartsQueryOptions } from '../../features/trackers/api/get-dashboard-charts';
import { trackersQueryOptions } from '../../features/trackers/api/get-trackers';
import { DashboardPage } from '../../features/trackers/dashboard/dashboard-page';
import { currenciesQueryOptions } from '../../lib/currencies';

export const Route = createFileRoute('/_authenticated/tracker-dashboard')({
  // Its loader travels with its code, so /login carries neither (nor the trackers contract's schemas).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  // The charts list starts loading with the route's code and the page shows its own loading and error
  // states; each chart then asks for its points. The trackers (for the chart dialog) and currencies
  // (for money values) load beside them.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(dashboardChartsQueryOptions());
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
