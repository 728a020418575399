import type { ListRewardsQuery, RewardPage } from '@cairn/contracts/task-planning';
import type { Task } from '@cairn/contracts/tasks';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { decodeTaskCursor, encodeTaskCursor } from './task-cursor';
import * as planning from './task-planning.repository';
import { getLiveTaskRow, getTask, type TaskScope } from './tasks.service';

/**
 * Rewards: a task's reward becomes claimable when the task is completed and is claimed once.
 * Reopening an unclaimed task withdraws it (it is claimable only while completed); a claimed one
 * stays claimed.
 */

const DEFAULT_PAGE_SIZE = 50;

export async function listRewards(
  ctx: AppContext,
  options: { userId: string; query: ListRewardsQuery },
): Promise<RewardPage> {
  const status = options.query.status ?? 'claimable';
  const limit = options.query.limit ?? DEFAULT_PAGE_SIZE;
  const cursor = options.query.cursor ? decodeTaskCursor(options.query.cursor, 'timestamptz') : undefined;
  const after: [Date, string] | undefined = cursor ? [new Date(String(cursor[0])), cursor[1]] : undefined;
  const [rows, claimableCount] = await Promise.all([
    planning.findRewards(ctx.db, { userId: options.userId, status, after, limit: limit + 1 }),
    planning.countClaimableRewards(ctx.db, options.userId),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const lastKey = last && (status === 'claimed' ? last.rewardedAt : last.completedAt);
  return {
    items: page.map((row) => ({
      taskId: row.id,
      title: row.title,
      reward: row.reward ?? '',
      listId: row.listId,
      completedAt: row.completedAt ?? new Date(0),
      rewardedAt: row.rewardedAt,
    })),
    nextCursor:
      rows.length > limit && last && lastKey ? encodeTaskCursor([lastKey.toISOString(), last.id]) : null,
    claimableCount,
  };
}

/** Claims a completed task's reward; 409 REWARD_NOT_CLAIMABLE says why when it cannot be. */
export async function claimReward(ctx: AppContext, scope: TaskScope): Promise<Task> {
  const row = await getLiveTaskRow(ctx, scope);
  const refuse = (message: string) => new AppError('REWARD_NOT_CLAIMABLE', message);
  if (!row.reward) throw refuse('This task has no reward');
  if (!row.completedAt) throw refuse('Complete the task to claim its reward');
  const claimed = await planning.claimReward(ctx.db, { ...scope, at: ctx.clock.now() });
  if (!claimed) throw refuse('This reward is already claimed');
  return getTask(ctx, scope);
}
