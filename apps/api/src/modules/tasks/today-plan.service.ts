import type { TodayPlan } from '@cairn/contracts/task-planning';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { type DayBounds, getDayBounds } from '../../lib/day-bounds';
import { getTaskManagerConfig } from '../task-manager-config/task-manager-config.service';
import { resolveTimeZone } from '../users/users.service';
import * as planning from './task-planning.repository';
import type { TaskRow } from './tasks.repository';
import { minutesLeftInWorkDay } from './work-day';

/** Today's load against the daily limit and what is left of the work day. */

type UserZone = { userId: string; requestTimeZone: string | undefined };

export async function getTodayPlan(ctx: AppContext, options: UserZone): Promise<TodayPlan> {
  const timeZone = await resolveTimeZone(ctx, options);
  const now = ctx.clock.now();
  const [config, load] = await Promise.all([
    getTaskManagerConfig(ctx, options),
    planning.summarizeToday(ctx.db, { userId: options.userId, bounds: getDayBounds(now, timeZone) }),
  ]);
  return {
    ...load,
    dailyLimit: config.dailyLimit,
    workDayStart: config.workDayStart,
    workDayEnd: config.workDayEnd,
    minutesLeftInWorkDay: minutesLeftInWorkDay({ now, timeZone, ...config }),
  };
}

/** The smart view's rule for one open task (see smartViewFilter): would it count in Today? */
function countsInToday(row: EnteringTask, bounds: DayBounds) {
  if (row.addedToToday !== null) return row.addedToToday;
  return row.dueDate !== null && row.dueDate < bounds.startOfTomorrow;
}

/** A task about to be put in Today as it is now; a task being created has no id yet. */
export type EnteringTask = Pick<TaskRow, 'addedToToday' | 'dueDate' | 'archivedAt' | 'completedAt'> & {
  id?: string;
};

export function dailyLimitMessage(limit: number): string {
  return `Today already holds ${limit} ${limit === 1 ? 'task' : 'tasks'}, your daily limit`;
}

/**
 * Refuses to put open tasks in Today beyond the daily limit (0: no limit): 409 DAILY_LIMIT_REACHED,
 * naming the limit. `entering` are the open tasks about to be added; those already in Today take no
 * new room. Call it inside the transaction that adds them: it holds the user's Today until the end,
 * so two additions at once cannot both take the last place.
 *
 * Only an explicit add is refused. A task that comes into Today because its due date arrives, or
 * because it is reopened, still counts toward the limit but is never blocked: a due date is a fact,
 * not a plan.
 */
export async function assertTodayHasRoom(
  ctx: AppContext,
  options: UserZone & { entering: readonly EnteringTask[] },
): Promise<void> {
  if (options.entering.length === 0) return;
  const config = await getTaskManagerConfig(ctx, options);
  if (config.dailyLimit <= 0) return;
  const timeZone = await resolveTimeZone(ctx, options);
  const bounds = getDayBounds(ctx.clock.now(), timeZone);
  const newcomers = options.entering.filter(
    (row) => !row.completedAt && !row.archivedAt && !countsInToday(row, bounds),
  );
  if (newcomers.length === 0) return;
  await planning.lockToday(ctx.db, options.userId);
  const { openCount } = await planning.summarizeToday(ctx.db, {
    userId: options.userId,
    bounds,
    excludingIds: newcomers.flatMap((row) => (row.id ? [row.id] : [])),
  });
  if (openCount + newcomers.length > config.dailyLimit) {
    const room = Math.max(0, config.dailyLimit - openCount);
    throw new AppError('DAILY_LIMIT_REACHED', dailyLimitMessage(config.dailyLimit), {
      detail:
        room === 0
          ? `${openCount} of ${config.dailyLimit} planned for today`
          : `Room for ${room} more; ${newcomers.length} asked`,
    });
  }
}
