import type { ListRewardsQuery } from '@cairn/contracts/task-planning';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { type RewardStatus, taskKeys } from '../../api/task-keys';

/** Rewards are short lines; a screenful at a time is plenty. */
export const REWARD_PAGE_SIZE = 50;

export function getRewards(query: ListRewardsQuery, { signal }: { signal?: AbortSignal } = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  // Imported lazily, as the other task requests do, to keep the schema library off the first page.
  const schema = import('@cairn/contracts/task-planning').then((contract) => contract.rewardPageSchema);
  return apiRequest(`/api/v1/rewards?${search}`, { schema, signal });
}

/**
 * Claimable rewards (newest completion first) or claimed ones (newest claim first), page by page.
 * Every page also says how many rewards wait to be claimed, whichever status it lists.
 */
export function rewardsInfiniteQueryOptions(status: RewardStatus) {
  return infiniteQueryOptions({
    queryKey: taskKeys.rewardList(status),
    queryFn: ({ pageParam, signal }) =>
      getRewards({ status, limit: REWARD_PAGE_SIZE, ...(pageParam && { cursor: pageParam }) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    meta: { errorMessage: 'Could not load your rewards' },
  });
}
