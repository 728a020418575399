import type { AppContext } from '../../lib/app-context';
import * as repository from './task-daily-series.repository';

/**
 * Daily task figures other areas chart (the trackers' system sources): values are decimal strings,
 * days calendar days in the given zone.
 */

export type DailyValue = repository.DailyCount;

/** Changes whenever a figure below could; cheap enough to ask before every read. */
export function getTaskDataVersion(ctx: AppContext, options: { userId: string }): Promise<string> {
  return repository.findTaskDataVersion(ctx.db, options);
}

/** Tasks completed per day, by completedAt in `timeZone`; only days with a completion. */
export function getCompletedTasksPerDay(
  ctx: AppContext,
  options: { userId: string; timeZone: string; from?: string; to?: string },
): Promise<DailyValue[]> {
  return repository.findCompletedPerDay(ctx.db, options);
}

/** Tasks overdue at the end of each day, from the day of the user's first task through `today`. */
export function getOverdueTasksPerDay(
  ctx: AppContext,
  options: { userId: string; timeZone: string; today: string },
): Promise<DailyValue[]> {
  return repository.findOverduePerDay(ctx.db, options);
}
