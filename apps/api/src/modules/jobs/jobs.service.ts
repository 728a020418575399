import type { JobsStatus } from '@cairn/contracts/jobs';
import type { AppContext } from '../../lib/app-context';
import * as repository from './jobs.repository';

const RECENT_FAILURES = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Done jobs are only history; failed ones stay longer so an admin can still read why they failed. */
const KEEP_DONE_MS = 7 * DAY_MS;
const KEEP_FAILED_MS = 30 * DAY_MS;

export async function getJobsStatus(ctx: AppContext): Promise<JobsStatus> {
  const [schedules, queue, failed] = await Promise.all([
    repository.listJobSchedules(ctx.db),
    repository.countJobsByNameAndStatus(ctx.db),
    repository.listFailedJobs(ctx.db, RECENT_FAILURES),
  ]);
  return {
    schedules: schedules.map((row) => ({
      name: row.name,
      cron: row.cron,
      timeZone: row.timeZone,
      lastRunAt: row.lastRunAt,
      nextRunAt: row.nextRunAt,
      lastSuccessAt: row.lastSuccessAt,
      failures: row.failures,
      lastError: row.lastError,
    })),
    queue,
    recentFailures: failed.map((row) => ({
      id: row.id,
      name: row.name,
      attempts: row.attempts,
      lastError: row.lastError,
      runAt: row.runAt,
      finishedAt: row.finishedAt,
    })),
  };
}

/** When a schedule's job last ended well (null before its first success): what a job picks up from. */
export function getScheduleLastSuccess(ctx: AppContext, name: string): Promise<Date | null> {
  return repository.findScheduleLastSuccess(ctx.db, name);
}

/** Deletes finished jobs past keeping; returns how many. */
export function pruneFinishedJobs(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  return repository.deleteFinishedJobs(ctx.db, {
    doneBefore: new Date(now - KEEP_DONE_MS),
    failedBefore: new Date(now - KEEP_FAILED_MS),
  });
}
