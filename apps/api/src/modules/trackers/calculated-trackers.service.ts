import type { AppContext } from '../../lib/app-context';

/**
 * Calculated trackers: the formula check and the recomputation the rest of the area calls.
 * Placeholder signatures until the calculation lands.
 */

/** Checks a calculated tracker's formula and sources; throws a 400 AppError naming the token, variable or cycle. */
export async function checkCalculation(
  _ctx: AppContext,
  _options: { userId: string; trackerId?: string; formula: string; sourceTrackerIds: string[] },
): Promise<void> {}

/** Recomputes every day of one calculated tracker (after it is created or its formula or sources change). */
export async function recalculateTracker(
  _ctx: AppContext,
  _options: { userId: string; trackerId: string; timeZone: string },
): Promise<void> {}

/**
 * Recomputes, for the given calendar days (in `timeZone`), the calculated trackers that read
 * `trackerId` directly or through other calculated trackers.
 */
export async function recalculateDependents(
  _ctx: AppContext,
  _options: { userId: string; trackerId: string; days: string[]; timeZone: string },
): Promise<void> {}
