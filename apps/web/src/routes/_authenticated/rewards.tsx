import { createFileRoute } from '@tanstack/react-router';
import { rewardsInfiniteQueryOptions } from '../../features/tasks/rewards/api/get-rewards';
import { RewardsPage } from '../../features/tasks/rewards/rewards-page';
import { formatDueDate } from '../../features/tasks/task-page/due-date';
import { useTimeZone } from '../../lib/time-zone';

export const Route = createFileRoute('/_authenticated/rewards')({
  // A screen opened now and then: its loader travels with its code, so /login carries neither.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  // Not awaited: both listings start with the route's code and show their own loading state.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(rewardsInfiniteQueryOptions('claimable'));
    void context.queryClient.prefetchInfiniteQuery(rewardsInfiniteQueryOptions('claimed'));
  },
  head: () => ({ meta: [{ title: 'Rewards · Cairn' }] }),
  component: RewardsRoute,
});

function RewardsRoute() {
  const timeZone = useTimeZone();
  return <RewardsPage formatDate={(date) => formatDueDate(date, timeZone, { hasTime: false })} />;
}
