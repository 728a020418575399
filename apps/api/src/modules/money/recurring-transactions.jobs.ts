import type { JobDefinition } from '../jobs/job-runner';
import { postDueRecurring } from './recurring-posting';

export const POST_RECURRING_JOB = 'money:post-recurring';

/** Occurrences one run posts at most; a backlog (a long outage) drains over the next runs. */
const POSTINGS_PER_RUN = 500;

/**
 * `money:post-recurring`, every 5 minutes: posts the recurring transactions whose day has come in
 * their zone. Each occurrence is claimed in its own database transaction (see recurring-posting.ts),
 * so runs on several runners, or a run cut short, never post one twice.
 */
export const recurringTransactionJobDefinitions: JobDefinition[] = [
  {
    name: POST_RECURRING_JOB,
    schedule: { cron: '*/5 * * * *' },
    // A failed run is not retried: the next one, 5 minutes later, looks at the same templates again.
    maxAttempts: 1,
    async handler(_job, ctx) {
      const run = await postDueRecurring(ctx, { limit: POSTINGS_PER_RUN });
      if (run.failures.length > 0) {
        const [first] = run.failures;
        throw new Error(
          `posted ${run.posted}; ${run.failures.length} recurring transaction(s) failed, ` +
            `first ${first?.recurringId}: ${first?.error}`,
        );
      }
    },
  },
];
