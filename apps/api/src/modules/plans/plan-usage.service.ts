import { type PlanUsage, planLimitKeys, planLimitLabels, planLimits } from '@cairn/contracts/plans';
import type { AppContext } from '../../lib/app-context';
import { getUserRow } from '../users/users.service';
import * as repository from './plan-usage.repository';

/** Each limit of the user's plan, in planLimitKeys order, beside what the user has now. */
export async function getPlanUsage(ctx: AppContext, options: { userId: string }): Promise<PlanUsage> {
  const { userId } = options;
  const [user, counts] = await Promise.all([
    getUserRow(ctx, { userId }),
    repository.countUsage(ctx.db, { userId, keys: planLimitKeys }),
  ]);
  return {
    plan: user.plan,
    items: planLimitKeys.map((key) => ({
      key,
      label: planLimitLabels[key],
      used: counts[key] ?? 0,
      limit: planLimits[user.plan][key],
    })),
  };
}
