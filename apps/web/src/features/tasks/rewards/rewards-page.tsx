import type { Reward } from '@cairn/contracts/task-planning';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { GiftIcon, PartyPopperIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../../components/ui/button';
import type { RewardStatus } from '../api/task-keys';
import { rewardsInfiniteQueryOptions } from './api/get-rewards';
import { getClaimableCount } from './reward-pages';
import { useClaimReward } from './use-claim-reward';

const taskLinkClassName =
  'rounded-sm text-foreground underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

/** Rewards promised for finishing tasks: the ones earned and waiting, and the ones already enjoyed. */
export function RewardsPage({ formatDate }: { formatDate: (date: Date) => string }) {
  const claimReward = useClaimReward();
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold sm:text-3xl">Rewards</h1>
        <p className="text-muted-foreground">Treats you promised yourself for finishing tasks.</p>
      </header>
      <RewardSection
        status="claimable"
        title="Claimable"
        empty={{
          title: 'Nothing to claim yet',
          description: 'Add a reward to a task; completing it makes the reward claimable here.',
        }}
        renderRow={(reward) => (
          <RewardRow
            key={reward.taskId}
            reward={reward}
            icon={<GiftIcon aria-hidden />}
            meta={`Completed ${formatDate(reward.completedAt)}`}
            action={
              <Button
                size="sm"
                aria-label={`Claim “${reward.reward}”`}
                onClick={() => claimReward({ id: reward.taskId, title: reward.title, reward: reward.reward })}
              >
                Claim
              </Button>
            }
          />
        )}
      />
      <RewardSection
        status="claimed"
        title="Claimed"
        empty={{
          title: 'No rewards claimed yet',
          description: 'Rewards you claim stay here, with the day you claimed them.',
        }}
        renderRow={(reward) => (
          <RewardRow
            key={reward.taskId}
            reward={reward}
            icon={<PartyPopperIcon aria-hidden />}
            meta={reward.rewardedAt ? `Claimed ${formatDate(reward.rewardedAt)}` : undefined}
          />
        )}
      />
    </div>
  );
}

interface RewardSectionProps {
  status: RewardStatus;
  title: string;
  empty: { title: string; description: string };
  renderRow: (reward: Reward) => ReactNode;
}

/** One listing of rewards with its loading, failed, empty and "load more" states. */
function RewardSection({ status, title, empty, renderRow }: RewardSectionProps) {
  const headingId = useId();
  const query = useInfiniteQuery(rewardsInfiniteQueryOptions(status));
  const rewards = query.data?.pages.flatMap((page) => page.items) ?? [];
  const claimableCount = status === 'claimable' ? getClaimableCount(query.data) : undefined;

  return (
    <section aria-labelledby={headingId} aria-busy={query.isPending} className="grid gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        {title}
        {claimableCount !== undefined && claimableCount > 0 && (
          <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground tabular-nums">
            {claimableCount}
          </span>
        )}
      </h2>
      {query.isPending ? (
        <div
          role="status"
          className="grid gap-px overflow-hidden rounded-lg border"
          aria-label={`Loading ${title.toLowerCase()} rewards`}
        >
          {[0, 1].map((row) => (
            <div key={row} className="h-16 bg-muted/50 motion-safe:animate-pulse" />
          ))}
        </div>
      ) : query.isError && rewards.length === 0 ? (
        <div role="alert" className="grid justify-items-center gap-3 rounded-lg border p-8 text-center">
          <p className="font-medium">These rewards could not be loaded</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : rewards.length === 0 ? (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center">
          <GiftIcon className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{empty.title}</p>
          <p className="max-w-prose text-sm text-muted-foreground">{empty.description}</p>
        </div>
      ) : (
        <>
          <ul className="divide-y rounded-lg border bg-card">{rewards.map(renderRow)}</ul>
          {query.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

interface RewardRowProps {
  reward: Reward;
  icon: ReactNode;
  meta: string | undefined;
  action?: ReactNode;
}

function RewardRow({ reward, icon, meta, action }: RewardRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <span className="text-muted-foreground [&_svg]:size-5" aria-hidden>
        {icon}
      </span>
      <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
        <p className="break-words font-medium">{reward.reward}</p>
        <p className="break-words text-xs text-muted-foreground">
          For{' '}
          <Link to="/tasks/$taskId" params={{ taskId: reward.taskId }} className={taskLinkClassName}>
            {reward.title}
          </Link>
          {meta && ` · ${meta}`}
        </p>
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </li>
  );
}
