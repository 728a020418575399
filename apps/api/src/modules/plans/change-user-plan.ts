import type { Plan } from '@cairn/contracts/users';
import type { AppContext } from '../../lib/app-context';
import { notFound } from '../../lib/app-error';
import { getUserRow, setUserPlan } from '../users/users.service';

/**
 * The one way a user's plan changes: an administrator today, a payment provider's webhook later.
 * A downgrade deletes nothing: over-limit data stays, and only new items are refused.
 */
export async function changeUserPlan(
  ctx: AppContext,
  options: { userId: string; plan: Plan },
): Promise<void> {
  await getUserRow(ctx, options);
  if (!(await setUserPlan(ctx, options))) throw notFound('User');
}
