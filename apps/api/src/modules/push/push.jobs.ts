import type { JobDefinition } from '../jobs/job-runner';
import { fanOutDigest, type ReminderJob, sendReminder, sweepReminders } from './push-reminders.service';

/**
 * Push reminders as background jobs:
 * - `push:sweep` (every minute) finds due and reminder instants that just passed and the users whose
 *   morning digest is due, and enqueues one job per device for each; dedupe keys make that once ever.
 * - `push:digest` turns one user's digest of the day into a send per device.
 * - `push:send` re-reads the task and sends to one device; a 429 or 5xx is tried again later.
 */
export const pushJobDefinitions: JobDefinition[] = [
  {
    name: 'push:sweep',
    schedule: { cron: '* * * * *' },
    // A failed sweep is not retried: the next minute's sweep covers the same window again.
    maxAttempts: 1,
    handler: async (_job, ctx) => {
      await sweepReminders(ctx);
    },
  },
  {
    name: 'push:digest',
    maxAttempts: 5,
    handler: (job, ctx) => fanOutDigest(ctx, job.payload as { userId: string; date: string }),
  },
  {
    name: 'push:send',
    // 429 and 5xx come back with the push service's Retry-After, else the runner's back-off.
    maxAttempts: 8,
    handler: (job, ctx) => sendReminder(ctx, job.payload as ReminderJob),
  },
];
