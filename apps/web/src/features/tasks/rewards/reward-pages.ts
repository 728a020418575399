import type { Reward, RewardPage } from '@cairn/contracts/task-planning';
import type { Task } from '@cairn/contracts/tasks';
import type { InfiniteData } from '@tanstack/react-query';
import type { RewardStatus } from '../api/task-keys';

/** What a rewards listing holds in the cache. */
export type RewardListData = InfiniteData<RewardPage, string | null>;

/** A completed task with a reward, as the rewards listings show it; null when it has none to show. */
export function toReward(task: Task): Reward | null {
  if (task.reward === null || task.completedAt === null) return null;
  const { id: taskId, title, reward, listId, completedAt, rewardedAt } = task;
  return { taskId, title, reward, listId, completedAt, rewardedAt };
}

function mapItems(data: RewardListData, map: (items: Reward[], index: number) => Reward[]): RewardListData {
  return { ...data, pages: data.pages.map((page, index) => ({ ...page, items: map(page.items, index) })) };
}

/**
 * A listing once the reward is claimed, as the server will answer it: it leaves the claimable rewards,
 * heads the claimed ones (newest claim first), and one fewer waits to be claimed.
 */
export function withRewardClaimed(
  data: RewardListData,
  status: RewardStatus,
  claimed: Reward,
): RewardListData {
  const isOther = (reward: Reward) => reward.taskId !== claimed.taskId;
  const moved = mapItems(data, (items, index) => {
    if (status === 'claimable') return items.filter(isOther);
    if (status === 'claimed')
      return index === 0 ? [claimed, ...items.filter(isOther)] : items.filter(isOther);
    return items.map((reward) => (isOther(reward) ? reward : claimed));
  });
  return {
    ...moved,
    pages: moved.pages.map((page) => ({ ...page, claimableCount: Math.max(0, page.claimableCount - 1) })),
  };
}

/** The reward as the server now has it, wherever the listing shows it; nothing moves. */
export function withRewardUpdated(data: RewardListData, updated: Reward): RewardListData {
  return mapItems(data, (items) =>
    items.map((reward) => (reward.taskId === updated.taskId ? updated : reward)),
  );
}

/** Rewards waiting to be claimed, as the listing's first page counts them. */
export function getClaimableCount(data: { pages: readonly RewardPage[] } | undefined): number | undefined {
  return data?.pages[0]?.claimableCount;
}
