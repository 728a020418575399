import { type PlanLimitKey, planLimitMessage, planLimits } from '@cairn/contracts/plans';
import type { AppContext } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import * as repository from './plan-usage.repository';

/**
 * Refuses a new item (402 PLAN_LIMIT_REACHED) when the user's use plus `adding` (1 for an item, the
 * size in bytes for a file) would pass the plan's limit. Call it with the transaction's context,
 * just before the insert: the user's row stays locked until the commit, so two creates at the last
 * slot take turns and the second counts the first. Only creating is refused: an account over its
 * limit after a downgrade keeps reading, editing and deleting what it has.
 */
export async function assertWithinPlanLimit(
  ctx: AppContext,
  options: { userId: string; key: PlanLimitKey; adding: number },
): Promise<void> {
  const { userId, key, adding } = options;
  const plan = await repository.lockUserPlan(ctx.db, userId);
  if (!plan) throw notFound('User');
  const limit = planLimits[plan][key];
  if (limit === null) return;
  const used = (await repository.countUsage(ctx.db, { userId, keys: [key] }))[key] ?? 0;
  if (used + adding > limit) {
    throw new AppError('PLAN_LIMIT_REACHED', planLimitMessage({ plan, key, limit }));
  }
}
