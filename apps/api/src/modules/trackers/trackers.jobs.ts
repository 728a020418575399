import type { JobDefinition } from '../jobs/job-runner';
import { findUsersWithCalculatedTrackers, recalculateRecentDays } from './calculated-trackers.service';
import { refreshAllSystemTrackers } from './system-sources.service';

export const RECALCULATE_TRACKERS_JOB = 'trackers:recalculate';
export const REFRESH_SYSTEM_TRACKERS_JOB = 'trackers:refresh-system';

/**
 * `trackers:recalculate`, daily: recomputes every calculated tracker's yesterday and today in its
 * user's profile zone, catching up on what the daily recalculation cap held back. One fixed UTC
 * time serves every zone: runs are 24 hours apart, so a run falls inside (nearly) every local day,
 * and the run during a day covers the whole day before it. Just past midnight UTC, the day that
 * has just ended in UTC and the zones near it is caught up first.
 */
export const trackerJobDefinitions: JobDefinition[] = [
  {
    name: RECALCULATE_TRACKERS_JOB,
    schedule: { cron: '10 0 * * *' },
    // Recomputing is idempotent: a failed run may simply run again.
    maxAttempts: 3,
    async handler(_job, ctx) {
      const failures: { userId: string; error: string }[] = [];
      for (const userId of await findUsersWithCalculatedTrackers(ctx)) {
        // One user's failure (a profile zone gone bad) must not hold the others back.
        try {
          await recalculateRecentDays(ctx, { userId });
        } catch (error) {
          failures.push({ userId, error: error instanceof Error ? error.message : String(error) });
        }
      }
      const [first] = failures;
      if (first) {
        throw new Error(`${failures.length} user(s) not recalculated, first ${first.userId}: ${first.error}`);
      }
    },
  },
  {
    name: REFRESH_SYSTEM_TRACKERS_JOB,
    // Hourly, so a user's new day (overdue counts, the day's balance) arrives within an hour of their
    // midnight even if nobody opens the trackers; a tracker whose data has not changed costs a count.
    schedule: { cron: '25 * * * *' },
    maxAttempts: 1,
    async handler(_job, ctx) {
      await refreshAllSystemTrackers(ctx);
    },
  },
];
