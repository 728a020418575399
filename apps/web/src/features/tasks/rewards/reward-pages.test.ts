import type { Reward } from '@cairn/contracts/task-planning';
import type { Task } from '@cairn/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { type RewardListData, toReward, withRewardClaimed, withRewardUpdated } from './reward-pages';

const completedAt = new Date('2026-11-24T10:00:00Z');
const claimedAt = new Date('2026-11-25T10:00:00Z');

function reward(n: number, patch: Partial<Reward> = {}): Reward {
  return {
    taskId: `0190a5c4-1111-7000-8000-${String(n).padStart(12, '0')}`,
    title: `Task ${n}`,
    reward: `Treat ${n}`,
    listId: null,
    completedAt,
    rewardedAt: null,
    ...patch,
  };
}

function listing(pages: Reward[][], claimableCount: number): RewardListData {
  return {
    pages: pages.map((items, index) => ({
      items,
      nextCursor: index < pages.length - 1 ? `cursor-${index}` : null,
      claimableCount,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
  };
}

const rewardsIn = (data: RewardListData) => data.pages.map((page) => page.items.map((item) => item.reward));

describe('withRewardClaimed', () => {
  const claimed = reward(2, { rewardedAt: claimedAt });

  it('takes it out of the claimable rewards, on whichever page, and counts one fewer', () => {
    const data = withRewardClaimed(listing([[reward(1)], [reward(2), reward(3)]], 3), 'claimable', claimed);
    expect(rewardsIn(data)).toEqual([['Treat 1'], ['Treat 3']]);
    expect(data.pages.map((page) => page.claimableCount)).toEqual([2, 2]);
  });

  it('puts it first among the claimed rewards, newest claim first', () => {
    const older = reward(7, { rewardedAt: completedAt });
    const data = withRewardClaimed(
      listing([[older], [reward(8, { rewardedAt: completedAt })]], 1),
      'claimed',
      claimed,
    );
    expect(rewardsIn(data)).toEqual([['Treat 2', 'Treat 7'], ['Treat 8']]);
    expect(data.pages[0]?.items[0]?.rewardedAt).toEqual(claimedAt);
    expect(data.pages[0]?.claimableCount).toBe(0);
  });

  it('joins an empty claimed listing', () => {
    expect(rewardsIn(withRewardClaimed(listing([[]], 1), 'claimed', claimed))).toEqual([['Treat 2']]);
  });

  it('marks it claimed where it stands in a listing of both', () => {
    const data = withRewardClaimed(listing([[reward(1), reward(2)]], 2), 'all', claimed);
    expect(rewardsIn(data)).toEqual([['Treat 1', 'Treat 2']]);
    expect(data.pages[0]?.items[1]?.rewardedAt).toEqual(claimedAt);
  });

  it('never counts below zero', () => {
    expect(withRewardClaimed(listing([[]], 0), 'claimed', claimed).pages[0]?.claimableCount).toBe(0);
  });
});

describe('withRewardUpdated', () => {
  it('settles the claim time on the server’s, moving nothing', () => {
    const serverTime = new Date('2026-11-25T10:00:02Z');
    const data = withRewardUpdated(
      listing([[reward(1, { rewardedAt: claimedAt }), reward(2, { rewardedAt: claimedAt })]], 0),
      reward(2, { rewardedAt: serverTime }),
    );
    expect(data.pages[0]?.items.map((item) => item.rewardedAt)).toEqual([claimedAt, serverTime]);
  });
});

describe('toReward', () => {
  const base = { id: reward(1).taskId, title: 'Task 1', listId: null, rewardedAt: null } as const;

  it.each([
    ['a completed task with a reward', { reward: 'Cake', completedAt }, 'Cake'],
    ['an open task', { reward: 'Cake', completedAt: null }, null],
    ['a completed task without one', { reward: null, completedAt }, null],
  ] satisfies [string, Pick<Task, 'reward' | 'completedAt'>, string | null][])(
    '%s',
    (_name, patch, expected) => {
      // Only the fields a reward carries are read.
      const task = { ...base, ...patch } as Task;
      expect(toReward(task)?.reward ?? null).toBe(expected);
    },
  );
});
