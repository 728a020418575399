import type { AppContext } from '../../lib/app-context';
import * as repository from './daily-hours.repository';

/** Hours worked per work day, for other areas' charts (the trackers' system sources). */

export type DailyValue = repository.DailyHours;

/** Changes whenever the hours per day could; cheap enough to ask before every read. */
export function getWorklogDataVersion(ctx: AppContext, options: { userId: string }): Promise<string> {
  return repository.findWorklogDataVersion(ctx.db, options);
}

/**
 * Duration per work day in hours (decimal strings). Work dates are calendar days fixed when the entry
 * was logged, so no time zone enters here.
 */
export function getHoursPerDay(
  ctx: AppContext,
  options: { userId: string; from?: string; to?: string },
): Promise<DailyValue[]> {
  return repository.findHoursPerDay(ctx.db, options);
}
