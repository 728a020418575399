import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from '../../db/columns';

export const jobStatusEnum = pgEnum('job_status', ['pending', 'running', 'done', 'failed']);

/**
 * The durable work queue. A runner claims due rows with FOR UPDATE SKIP LOCKED and holds them by a lease
 * (`lockedUntil`); a runner that dies leaves its lease to run out, and another runner takes the job again.
 * `dedupeKey` makes enqueueing idempotent: the same reminder for the same device is one row, ever.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: idColumn().primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    dedupeKey: text('dedupe_key'),
    status: jobStatusEnum('status').notNull().default('pending'),
    runAt: instant('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (table) => [
    uniqueIndex('jobs_dedupe_key_key').on(table.dedupeKey),
    // What a runner claims next: pending rows by due time, and running rows whose lease ran out.
    index('jobs_claimable_idx').on(table.runAt).where(sql`${table.status} in ('pending', 'running')`),
    index('jobs_name_status_idx').on(table.name, table.status),
  ],
);

/**
 * Recurring system work (reminder sweep, snapshot, trash purge, ...): one row per schedule, claimed by the
 * runner that moves `nextRunAt` forward first, so with several processes each tick runs once.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  cron: text('cron').notNull(),
  timeZone: text('time_zone').notNull().default('UTC'),
  nextRunAt: instant('next_run_at').notNull(),
  lastRunAt: instant('last_run_at'),
  lastSuccessAt: instant('last_success_at'),
  /** Failures in a row; back to 0 after a success. */
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  /** The job the last tick enqueued, to read its outcome. */
  lastJobId: uuid('last_job_id'),
});
