import type { AppContext } from '../../lib/app-context';
import { insertJobs } from './jobs.repository';

/** One unit of background work. `dedupeKey` makes enqueueing idempotent: a second job with it is ignored. */
export type EnqueueJob = {
  name: string;
  payload?: Record<string, unknown>;
  /** When it becomes due; now (the context's clock) when left out. */
  runAt?: Date;
  dedupeKey?: string;
  /** How many runs before the job is given up as failed (5 when left out). */
  maxAttempts?: number;
};

/**
 * Adds jobs to the durable queue and returns how many were new (the rest shared a dedupe key with a
 * job already there). Pass a context from `inTransaction` to commit the jobs together with the write
 * that asked for them: a rolled-back write then leaves no job behind.
 */
export async function enqueueJobs(ctx: AppContext, jobs: EnqueueJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const now = ctx.clock.now();
  return insertJobs(
    ctx.db,
    jobs.map((job) => ({
      name: job.name,
      payload: job.payload ?? {},
      runAt: job.runAt ?? now,
      dedupeKey: job.dedupeKey ?? null,
      createdAt: now,
      ...(job.maxAttempts === undefined ? {} : { maxAttempts: job.maxAttempts }),
    })),
  );
}
