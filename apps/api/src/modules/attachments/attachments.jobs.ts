import type { AppContext } from '../../lib/app-context';
import { enqueueJobs } from '../jobs/job-queue';
import type { JobDefinition, JobRunnerLog } from '../jobs/job-runner';
import * as repository from './attachments.repository';
import type { StoredFile } from './storage/storage';

/**
 * A file is stored before its row is written and deleted after its row is removed, so a crash in
 * between, or a delete that fails after a purge, leaves a file no row names. The sweep removes those.
 */

const SWEEP_ORPHANS = 'attachments:sweep-orphans';

/**
 * How old a file without a row must be before it is removed: an upload writes its row right after
 * its file, so a younger one may be an upload still under way.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * At most this many files are checked a run, so one run stays short however many files there are;
 * a run that stops there enqueues another that carries on after the last file it checked.
 */
const FILES_PER_RUN = 10_000;

/** Files looked up in the table together. */
const LOOKUP_BATCH = 500;

export type OrphanSweep = {
  checked: number;
  removed: number;
  /** Files that could not be deleted (tried again on the next run). */
  failures: unknown[];
  /** Where the next run carries on, when this one stopped at its limit. */
  continueAfter: string | undefined;
};

/**
 * Removes stored files that no attachment row names and that are older than the grace period (or
 * were last changed before `modifiedBefore`).
 */
export async function sweepOrphanFiles(
  ctx: AppContext,
  options: {
    startAfter?: string | undefined;
    limit?: number | undefined;
    modifiedBefore?: Date | undefined;
  } = {},
): Promise<OrphanSweep> {
  const limit = options.limit ?? FILES_PER_RUN;
  const sweep: OrphanSweep = { checked: 0, removed: 0, failures: [], continueAfter: undefined };
  // Measured once: a file that turns old during a long run waits for the next one.
  const cutoff = options.modifiedBefore?.getTime() ?? ctx.clock.now().getTime() - ORPHAN_GRACE_MS;

  const removeOrphansOf = async (files: StoredFile[]) => {
    const named = await repository.findNamedStoragePaths(
      ctx.db,
      files.map((file) => file.key),
    );
    const orphans = files.filter((file) => !named.has(file.key) && file.modifiedAt.getTime() < cutoff);
    const results = await Promise.allSettled(orphans.map((file) => ctx.storage.delete(file.key)));
    for (const result of results) {
      if (result.status === 'fulfilled') sweep.removed += 1;
      else sweep.failures.push(result.reason);
    }
  };

  let batch: StoredFile[] = [];
  let lastKey: string | undefined;
  let isCut = false;
  for await (const file of ctx.storage.list({ startAfter: options.startAfter })) {
    if (sweep.checked === limit) {
      isCut = true;
      break;
    }
    batch.push(file);
    sweep.checked += 1;
    lastKey = file.key;
    if (batch.length === LOOKUP_BATCH) {
      await removeOrphansOf(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await removeOrphansOf(batch);
  sweep.continueAfter = isCut ? lastKey : undefined;
  return sweep;
}

/**
 * After a start: the files an upload left behind when the previous process died between storing a
 * file and recording it (or mid-write). Only for storage this server alone writes to (the data
 * directory): every file older than this process with no row is then such a leftover, whereas an
 * upload of another instance sharing an S3 bucket could be one still under way.
 */
export async function sweepAfterStart(
  ctx: AppContext,
  options: { startedAt: Date },
): Promise<{ checked: number; removed: number }> {
  // Half-written files too: a write under way in this process would be newer than its start.
  const total = {
    checked: 0,
    removed: (await ctx.storage.removeUnfinished?.({ before: options.startedAt })) ?? 0,
  };
  let startAfter: string | undefined;
  do {
    const sweep = await sweepOrphanFiles(ctx, { startAfter, modifiedBefore: options.startedAt });
    total.checked += sweep.checked;
    total.removed += sweep.removed;
    if (sweep.failures.length > 0) {
      throw new AggregateError(
        sweep.failures,
        `${sweep.failures.length} attachment file(s) could not be deleted`,
      );
    }
    startAfter = sweep.continueAfter;
  } while (startAfter !== undefined);
  return total;
}

/**
 * `attachments:sweep-orphans`, daily at a quiet hour: removes the files no row names (see
 * sweepOrphanFiles). A run that could not delete some files fails, to be tried again later.
 */
export function attachmentJobDefinitions(options: {
  log: JobRunnerLog;
  /** Fewer files a run, for tests of a sweep that goes on over several runs. */
  filesPerRun?: number;
}): JobDefinition[] {
  const { log } = options;
  return [
    {
      name: SWEEP_ORPHANS,
      schedule: { cron: '37 3 * * *' },
      maxAttempts: 3,
      async handler(job, ctx) {
        const startAfter = typeof job.payload.startAfter === 'string' ? job.payload.startAfter : undefined;
        const sweep = await sweepOrphanFiles(ctx, { startAfter, limit: options.filesPerRun });
        if (sweep.removed > 0) {
          log.info(
            { checked: sweep.checked, removed: sweep.removed },
            'removed attachment files no row names',
          );
        }
        if (sweep.continueAfter !== undefined) {
          // Keyed by this job, so a retry of this run does not start a second continuation.
          await enqueueJobs(ctx, [
            {
              name: SWEEP_ORPHANS,
              payload: { startAfter: sweep.continueAfter },
              dedupeKey: `${SWEEP_ORPHANS}:after:${job.id}`,
              maxAttempts: 3,
            },
          ]);
        }
        if (sweep.failures.length > 0) {
          throw new AggregateError(
            sweep.failures,
            `${sweep.failures.length} orphan attachment file(s) could not be deleted`,
          );
        }
      },
    },
  ];
}
