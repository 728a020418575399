import type { PGlite } from '@electric-sql/pglite';
import type { Config } from './config/env';
import { refreshStaleStatistics } from './db/planner-statistics';
import { takeDailySnapshot } from './db/snapshots';
import { attachmentJobDefinitions } from './modules/attachments/attachments.jobs';
import { rateJobDefinitions } from './modules/currencies/rates.jobs';
import type { JobDefinition, JobRunnerLog } from './modules/jobs/job-runner';
import { pruneFinishedJobs } from './modules/jobs/jobs.service';
import { recurringTransactionJobDefinitions } from './modules/money/recurring-transactions.jobs';
import { pushJobDefinitions } from './modules/push/push.jobs';
import { trackerJobDefinitions } from './modules/trackers/trackers.jobs';

/**
 * The jobs of the app's areas, run on both databases. An area adds its definitions here (reminders,
 * recurring postings, tracker recalculation, exchange rates, trash purge, ...); a schedule is
 * system-wide, so work timed per user runs every minute and picks the users whose local time has come.
 */
export const areaJobDefinitions: JobDefinition[] = [
  ...pushJobDefinitions,
  ...recurringTransactionJobDefinitions,
  ...trackerJobDefinitions,
];

/**
 * The server's own upkeep. On the embedded database it also takes the daily snapshot, at BACKUP_HOUR
 * UTC (a quiet hour, the same on every host whatever its local zone), and does what PostgreSQL's
 * autovacuum would do for the planner's statistics.
 */
export function systemJobDefinitions(options: {
  config: Config;
  pglite: PGlite | undefined;
  log: JobRunnerLog;
}): JobDefinition[] {
  const { config, pglite, log } = options;
  const definitions: JobDefinition[] = [
    {
      name: 'jobs:prune',
      schedule: { cron: '17 4 * * *' },
      async handler(_job, ctx) {
        const deleted = await pruneFinishedJobs(ctx);
        if (deleted > 0) log.info({ deleted }, 'deleted old finished jobs');
      },
    },
  ];
  if (!pglite) return definitions;
  definitions.push(
    {
      name: 'database:snapshot',
      schedule: { cron: `0 ${config.backupHour} * * *` },
      maxAttempts: 3,
      async handler(_job, ctx) {
        const written = await takeDailySnapshot({
          pglite,
          dataDir: config.dataDir,
          retentionDays: config.backupRetentionDays,
          clock: ctx.clock,
        });
        if (written) log.info({ snapshot: written }, 'daily database snapshot written');
      },
    },
    {
      // Each minute, analyzes the tables a burst of writes changed enough since their last ANALYZE.
      name: 'database:statistics',
      schedule: { cron: '* * * * *' },
      maxAttempts: 1,
      async handler() {
        const tables = await refreshStaleStatistics(pglite);
        if (tables.length > 0) log.info({ tables }, 'refreshed planner statistics');
      },
    },
  );
  return definitions;
}

/** Everything the server's job runner runs. */
export function jobDefinitions(options: Parameters<typeof systemJobDefinitions>[0]): JobDefinition[] {
  return [
    ...systemJobDefinitions(options),
    ...areaJobDefinitions,
    // Takes the runner's log, to say how many files it removed.
    ...attachmentJobDefinitions({ log: options.log }),
    // Only when RATES_URL is set.
    ...rateJobDefinitions({ config: options.config, log: options.log }),
  ];
}
