import type { Reward } from '@cairn/contracts/task-planning';
import { taskSchema } from '@cairn/contracts/tasks';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { markQueriesStale } from '../../../../lib/cache-updates';
import { restoreQueries, snapshotQueries } from '../../../../lib/optimistic-removal';
import { type RewardStatus, taskKeys } from '../../api/task-keys';
import {
  findCachedTask,
  patchCachedTask,
  placeCachedTask,
  restoreTaskCaches,
  snapshotTaskCaches,
} from '../../api/tasks/task-cache';
import { type RewardListData, toReward, withRewardClaimed, withRewardUpdated } from '../reward-pages';

/** Answers the task with rewardedAt set; 409 REWARD_NOT_CLAIMABLE when it is open, has none or was claimed. */
export function claimReward(taskId: string) {
  return apiRequest(`/api/v1/tasks/${taskId}/claim-reward`, { method: 'POST', schema: taskSchema });
}

function cachedRewardLists(queryClient: QueryClient) {
  return queryClient.getQueriesData<RewardListData>({ queryKey: taskKeys.rewards() });
}

/** The reward as the rewards screen has it, else as the task's cached copy has it. */
function findCachedReward(queryClient: QueryClient, taskId: string): Reward | undefined {
  for (const [, data] of cachedRewardLists(queryClient)) {
    const reward = data?.pages.flatMap((page) => page.items).find((entry) => entry.taskId === taskId);
    if (reward) return reward;
  }
  const task = findCachedTask(queryClient, taskId);
  return (task && toReward(task)) ?? undefined;
}

const statusOf = (queryKey: readonly unknown[]) => queryKey[2] as RewardStatus;

/**
 * Claims a completed task's reward. It moves to the claimed rewards at once (and the task shows it
 * claimed), goes back if the server refuses, and settles on the server's claim time.
 */
export function useClaimRewardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    meta: { errorMessage: 'Could not claim the reward' },
    onMutate: async (taskId: string) => {
      const [taskSnapshot, rewardSnapshot] = await Promise.all([
        snapshotTaskCaches(queryClient),
        snapshotQueries(queryClient, [taskKeys.rewards()]),
      ]);
      const rewardedAt = new Date();
      const reward = findCachedReward(queryClient, taskId);
      if (reward) {
        const claimed = { ...reward, rewardedAt };
        for (const [queryKey, data] of cachedRewardLists(queryClient)) {
          if (data) queryClient.setQueryData(queryKey, withRewardClaimed(data, statusOf(queryKey), claimed));
        }
      }
      patchCachedTask(queryClient, taskId, { rewardedAt });
      return { taskSnapshot, rewardSnapshot };
    },
    onSuccess: (task) => {
      placeCachedTask(queryClient, task);
      const reward = toReward(task);
      if (!reward) return;
      for (const [queryKey, data] of cachedRewardLists(queryClient)) {
        if (data) queryClient.setQueryData(queryKey, withRewardUpdated(data, reward));
      }
    },
    onError: (_error, _taskId, context) => {
      restoreTaskCaches(queryClient, context?.taskSnapshot);
      restoreQueries(queryClient, context?.rewardSnapshot);
    },
    // Pages past the loaded ones may have shifted; they refresh when next shown, not now.
    onSettled: () => markQueriesStale(queryClient, { queryKey: taskKeys.rewards() }),
  });
}
