import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inBatches } from '../../lib/batches';
import { jobSchedules, jobs } from './jobs.table';

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
export type JobScheduleRow = typeof jobSchedules.$inferSelect;

/** Inserts the jobs whose dedupe key is new (or absent) and returns how many that was. */
export async function insertJobs(db: Db, rows: NewJobRow[]): Promise<number> {
  let inserted = 0;
  for (const batch of inBatches(rows)) {
    const created = await db
      .insert(jobs)
      .values(batch)
      .onConflictDoNothing({ target: jobs.dedupeKey })
      .returning({ id: jobs.id });
    inserted += created.length;
  }
  return inserted;
}

/**
 * Takes up to `limit` due jobs for one runner: pending ones whose time has come, and running ones whose
 * runner's lease ran out (it died or hung). SKIP LOCKED lets several runners claim at once without
 * waiting on each other or taking the same row.
 */
export async function claimJobs(
  db: Db,
  options: { names: string[]; runnerId: string; now: Date; lockedUntil: Date; limit: number },
): Promise<JobRow[]> {
  if (options.names.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.name, options.names),
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.runAt, options.now)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, options.now)),
        ),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: options.runnerId,
      lockedUntil: options.lockedUntil,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Holds a claimed job for the rest of a transaction; false when another runner holds it now. */
export async function lockOwnJob(db: Db, jobId: string, runnerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, runnerId), eq(jobs.status, 'running')))
    .for('update');
  return rows.length > 0;
}

/** Every write that ends a run checks the lease is still this runner's, so a late runner changes nothing. */
function ownedBy(jobId: string, runnerId: string) {
  return and(eq(jobs.id, jobId), eq(jobs.lockedBy, runnerId), eq(jobs.status, 'running'));
}

export async function extendJobLease(
  db: Db,
  options: { jobId: string; runnerId: string; lockedUntil: Date },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: options.lockedUntil })
    .where(ownedBy(options.jobId, options.runnerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markJobDone(
  db: Db,
  options: { jobId: string; runnerId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', finishedAt: options.now, lockedBy: null, lockedUntil: null, lastError: null })
    .where(ownedBy(options.jobId, options.runnerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A failed run: due again at `retryAt`, or given up for good when `retryAt` is undefined. */
export async function markJobFailed(
  db: Db,
  options: { jobId: string; runnerId: string; now: Date; error: string; retryAt: Date | undefined },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(
      options.retryAt
        ? {
            status: 'pending',
            runAt: options.retryAt,
            lockedBy: null,
            lockedUntil: null,
            lastError: options.error,
          }
        : {
            status: 'failed',
            finishedAt: options.now,
            lockedBy: null,
            lockedUntil: null,
            lastError: options.error,
          },
    )
    .where(ownedBy(options.jobId, options.runnerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Finished jobs older than the cut-offs; failed ones stay longer so an admin can still read why. */
export async function deleteFinishedJobs(
  db: Db,
  options: { doneBefore: Date; failedBefore: Date },
): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), lt(jobs.finishedAt, options.doneBefore)),
        and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, options.failedBefore)),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Adds a schedule, or updates its cron and time zone. A schedule whose rule did not change keeps its
 * `nextRunAt`, so a tick that fell due while the server was down still runs once after a restart.
 */
export async function upsertJobSchedule(
  db: Db,
  values: { name: string; cron: string; timeZone: string; nextRunAt: Date },
): Promise<void> {
  await db
    .insert(jobSchedules)
    .values(values)
    .onConflictDoUpdate({
      target: jobSchedules.name,
      set: {
        cron: sql`excluded.cron`,
        timeZone: sql`excluded.time_zone`,
        nextRunAt: sql`case when ${jobSchedules.cron} = excluded.cron and ${jobSchedules.timeZone} = excluded.time_zone
          then ${jobSchedules.nextRunAt} else excluded.next_run_at end`,
      },
    });
}

export async function findDueJobSchedules(db: Db, names: string[], now: Date): Promise<JobScheduleRow[]> {
  if (names.length === 0) return [];
  return db
    .select()
    .from(jobSchedules)
    .where(and(inArray(jobSchedules.name, names), lte(jobSchedules.nextRunAt, now)));
}

/**
 * Moves a schedule to its next tick if nobody did first: of several runners reading the same due row,
 * exactly one sees its update succeed, and only that one enqueues the tick's job. The stored time is
 * compared at the millisecond `dueAt` was read with: a time written with microseconds (by hand, say)
 * would otherwise never match, and its schedule would stop.
 */
export async function advanceJobSchedule(
  db: Db,
  options: { name: string; dueAt: Date; nextRunAt: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(jobSchedules)
    .set({ nextRunAt: options.nextRunAt, lastRunAt: options.now })
    .where(
      and(
        eq(jobSchedules.name, options.name),
        sql`date_trunc('milliseconds', ${jobSchedules.nextRunAt}) = ${options.dueAt}`,
      ),
    )
    .returning({ name: jobSchedules.name });
  return rows.length > 0;
}

export async function setScheduleLastJob(db: Db, name: string, dedupeKey: string): Promise<void> {
  await db
    .update(jobSchedules)
    .set({ lastJobId: sql`(select ${jobs.id} from ${jobs} where ${jobs.dedupeKey} = ${dedupeKey})` })
    .where(eq(jobSchedules.name, name));
}

export async function recordScheduleSuccess(db: Db, name: string, now: Date): Promise<void> {
  await db
    .update(jobSchedules)
    .set({ lastSuccessAt: now, failures: 0, lastError: null })
    .where(eq(jobSchedules.name, name));
}

export async function recordScheduleFailure(db: Db, name: string, error: string): Promise<void> {
  await db
    .update(jobSchedules)
    .set({ failures: sql`${jobSchedules.failures} + 1`, lastError: error })
    .where(eq(jobSchedules.name, name));
}

export async function findScheduleLastSuccess(db: Db, name: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastSuccessAt: jobSchedules.lastSuccessAt })
    .from(jobSchedules)
    .where(eq(jobSchedules.name, name));
  return row?.lastSuccessAt ?? null;
}

export async function listJobSchedules(db: Db): Promise<JobScheduleRow[]> {
  return db.select().from(jobSchedules).orderBy(asc(jobSchedules.name));
}

export async function countJobsByNameAndStatus(
  db: Db,
): Promise<{ name: string; status: JobRow['status']; count: number }[]> {
  return db
    .select({ name: jobs.name, status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.name, jobs.status)
    .orderBy(asc(jobs.name), asc(jobs.status));
}

export async function listFailedJobs(db: Db, limit: number): Promise<JobRow[]> {
  return db.select().from(jobs).where(eq(jobs.status, 'failed')).orderBy(desc(jobs.finishedAt)).limit(limit);
}
