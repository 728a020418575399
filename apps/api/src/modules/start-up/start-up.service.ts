import type { StartUp } from '@cairn/contracts/start-up';
import type { AppContext } from '../../lib/app-context';
import { findListSummaries } from '../lists/lists.service';
import { getTaskManagerConfig } from '../task-manager-config/task-manager-config.service';
import { countSmartViews } from '../tasks/task-listing.service';
import { getUser } from '../users/users.service';
import { getTimer } from '../worklogs/timer.service';

/**
 * What a signed-in screen's frame shows (header, sidebar, the screens' task settings), each part from
 * the service behind its own read, so the answer cannot drift from those reads.
 */
export async function getStartUp(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined },
): Promise<StartUp> {
  const { userId } = options;
  // Side by side: on PostgreSQL each read takes its own pooled connection.
  const [user, taskManagerConfig, smartViewCounts, lists, worklogTimer] = await Promise.all([
    getUser(ctx, { userId }),
    getTaskManagerConfig(ctx, { userId }),
    countSmartViews(ctx, options),
    findListSummaries(ctx, { userId }),
    getTimer(ctx, { userId }),
  ]);
  return { user, taskManagerConfig, smartViewCounts, lists: { items: lists }, worklogTimer };
}
