import { createFileRoute } from '@tanstack/react-router';
import { ensureTrackersAndGroups } from '../../../features/trackers/api/ensure-trackers-and-groups';
import { recentValuesQueryOptions, SPARKLINE_DAYS } from '../../../features/trackers/api/get-recent-values';
import { TrackersPage } from '../../../features/trackers/list/trackers-page';
import { currenciesQueryOptions } from '../../../lib/currencies';

export const Route = createFileRoute('/_authenticated/trackers/')({
  // Its loader travels with its code, so /login carries neither (nor the trackers contract's schemas).
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  // The trackers and groups are there when the page renders; the sparklines and currencies load beside
  // them, and the rows show their values without them.
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(recentValuesQueryOptions(SPARKLINE_DAYS));
    void queryClient.prefetchQuery(currenciesQueryOptions());
    await ensureTrackersAndGroups(queryClient);
  },
  head: () => ({ meta: [{ title: 'Trackers · Cairn' }] }),
  component: TrackersPage,
});
