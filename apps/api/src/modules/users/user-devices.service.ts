import type { UserDevices } from '@cairn/contracts/users';
import type { AppContext } from '../../lib/app-context';
import { listSessions } from '../auth/auth.service';
import { findPushSubscriptions } from '../push/push.service';

/** The devices signed in to the account and those that take its notifications, for the profile. */
export async function getUserDevices(
  ctx: AppContext,
  options: { userId: string; sessionId: string },
): Promise<UserDevices> {
  const [sessions, pushSubscriptions] = await Promise.all([
    listSessions(ctx, options),
    findPushSubscriptions(ctx, { userId: options.userId }),
  ]);
  return { sessions: { items: sessions }, pushSubscriptions: { items: pushSubscriptions } };
}
