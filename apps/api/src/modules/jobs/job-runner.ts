import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { CronExpressionParser } from 'cron-parser';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { enqueueJobs } from './job-queue';
import {
  advanceJobSchedule,
  claimJobs,
  extendJobLease,
  findDueJobSchedules,
  type JobRow,
  lockOwnJob,
  markJobDone,
  markJobFailed,
  recordScheduleFailure,
  recordScheduleSuccess,
  setScheduleLastJob,
  upsertJobSchedule,
} from './jobs.repository';

/*
 * The durable runner: jobs live in the application's own database (PGlite or PostgreSQL), are claimed
 * with FOR UPDATE SKIP LOCKED under a lease, retried with back-off, and survive restarts.
 * Not pg-boss: it needs LISTEN/NOTIFY, advisory locks and its own schema, and PGlite is one connection.
 *
 * Schedules are system-wide (one cron and time zone each). Work timed per user, such as a morning digest
 * at each user's 08:00, is a job scheduled every minute whose handler picks the users whose local time
 * has come.
 */

/** What a handler gets of its job. */
export type Job = {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  /** Which run this is, counting from 1. */
  attempts: number;
  runAt: Date;
};

export type JobDefinition = {
  name: string;
  handler(job: Job, ctx: AppContext): Promise<void>;
  /** A cron expression (5 fields, or 6 with seconds) evaluated in `timeZone` (UTC when left out). */
  schedule?: { cron: string; timeZone?: string };
  /** Runs before the job is given up as failed; wins over the job's own `maxAttempts` when set. */
  maxAttempts?: number;
  /** How long to wait before the next run after a failed `attempt` (1-based), in ms. */
  backoff?(attempt: number): number;
  /**
   * Runs the handler and the job's completion in one transaction (the handler gets its context), so
   * its database writes happen exactly once: a runner that dies mid-run commits neither. Only for
   * short handlers that write to the database; on the embedded database a transaction holds every
   * other query back.
   */
  transactional?: boolean;
};

/** Thrown by a handler to be run again at `retryAt` (a Retry-After), or after the usual back-off. */
export class RetryLaterError extends Error {
  readonly retryAt: Date | undefined;

  constructor(message: string, retryAt?: Date) {
    super(message);
    this.name = 'RetryLaterError';
    this.retryAt = retryAt;
  }
}

export type JobRunnerLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type JobRunner = {
  /** Polls until `stop`; safe to call twice. */
  start(): void;
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** One round: enqueues due schedule ticks, then claims and runs one batch. Returns how many jobs ran. */
  runOnce(): Promise<number>;
};

export type JobRunnerOptions = {
  ctx: AppContext;
  definitions: JobDefinition[];
  runnerId?: string;
  pollIntervalMs?: number;
  /** How long a claimed job is this runner's before another may take it; renewed while it runs. */
  leaseMs?: number;
  batchSize?: number;
  log: JobRunnerLog;
};

const BACKOFF_BASE_MS = 10_000;
/** While the database is unreachable the runner polls ever less often, up to this: back within seconds. */
const UNAVAILABLE_POLL_CAP_MS = 5000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;
/** An error message is kept for the admin page, not a stack or a payload. */
const ERROR_LENGTH = 1000;

/** 10 s, 20 s, 40 s, ... up to an hour, each somewhere between half and all of it so retries spread out. */
export function defaultBackoff(attempt: number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** The first tick of `cron` strictly after `after`, in `timeZone`. Throws on a bad expression. */
export function nextCronTick(schedule: { cron: string; timeZone: string }, after: Date): Date {
  return CronExpressionParser.parse(schedule.cron, { currentDate: after, tz: schedule.timeZone })
    .next()
    .toDate();
}

/** The dedupe key of a schedule's tick: the tick's job is enqueued once, whichever runner gets there. */
function scheduleTickKey(name: string, tick: Date): string {
  return `schedule:${name}:${tick.toISOString()}`;
}

function isScheduleTick(row: JobRow): boolean {
  return row.dedupeKey?.startsWith(`schedule:${row.name}:`) ?? false;
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // A failed query's message lists its values, which may be anyone's data: the statement is enough.
  const withoutParams = message.replace(/\nparams:[\s\S]*$/, '');
  return withoutParams.slice(0, ERROR_LENGTH) || 'failed without a message';
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { ctx, log } = options;
  const runnerId = options.runnerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 10;

  const definitions = new Map<string, JobDefinition>();
  for (const definition of options.definitions) {
    if (definitions.has(definition.name)) throw new Error(`job "${definition.name}" is defined twice`);
    if (definition.schedule) {
      // A bad cron expression or time zone stops the server at boot, not at 3 a.m.
      nextCronTick(
        { cron: definition.schedule.cron, timeZone: definition.schedule.timeZone ?? 'UTC' },
        new Date(),
      );
    }
    definitions.set(definition.name, definition);
  }
  const names = [...definitions.keys()];
  const scheduled = options.definitions.filter((definition) => definition.schedule);

  let schedulesReady: Promise<void> | undefined;
  const ensureSchedules = () => {
    schedulesReady ??= (async () => {
      const now = ctx.clock.now();
      for (const definition of scheduled) {
        const schedule = {
          cron: definition.schedule?.cron ?? '',
          timeZone: definition.schedule?.timeZone ?? 'UTC',
        };
        await upsertJobSchedule(ctx.db, {
          name: definition.name,
          ...schedule,
          nextRunAt: nextCronTick(schedule, now),
        });
      }
    })().catch((error: unknown) => {
      schedulesReady = undefined;
      throw error;
    });
    return schedulesReady;
  };

  async function enqueueDueTicks(): Promise<void> {
    if (scheduled.length === 0) return;
    const now = ctx.clock.now();
    const due = await findDueJobSchedules(
      ctx.db,
      scheduled.map((definition) => definition.name),
      now,
    );
    for (const row of due) {
      const definition = definitions.get(row.name);
      // Missed ticks (the server was down) collapse into this one run.
      const nextRunAt = nextCronTick(row, now);
      const dedupeKey = scheduleTickKey(row.name, row.nextRunAt);
      await inTransaction(ctx, async (tx) => {
        const isMine = await advanceJobSchedule(tx.db, {
          name: row.name,
          dueAt: row.nextRunAt,
          nextRunAt,
          now,
        });
        if (!isMine) return;
        await enqueueJobs(tx, [
          {
            name: row.name,
            payload: { scheduledFor: row.nextRunAt.toISOString() },
            runAt: now,
            dedupeKey,
            ...(definition?.maxAttempts === undefined ? {} : { maxAttempts: definition.maxAttempts }),
          },
        ]);
        await setScheduleLastJob(tx.db, row.name, dedupeKey);
      });
    }
  }

  async function recordFailure(row: JobRow, definition: JobDefinition, error: unknown): Promise<void> {
    const message = errorMessage(error);
    const now = ctx.clock.now();
    const maxAttempts = definition.maxAttempts ?? row.maxAttempts;
    let retryAt: Date | undefined;
    if (row.attempts < maxAttempts) {
      retryAt =
        error instanceof RetryLaterError && error.retryAt && error.retryAt > now
          ? error.retryAt
          : new Date(now.getTime() + (definition.backoff ?? defaultBackoff)(row.attempts));
    }
    const isMine = await markJobFailed(ctx.db, { jobId: row.id, runnerId, now, error: message, retryAt });
    if (!isMine) return;
    if (isScheduleTick(row)) await recordScheduleFailure(ctx.db, row.name, message);
    log.warn(
      { job: row.name, jobId: row.id, attempt: row.attempts, error: message, retryAt },
      retryAt ? 'a job failed and will run again' : 'a job failed for good',
    );
  }

  async function runTransactional(row: JobRow, definition: JobDefinition, job: Job): Promise<boolean> {
    return inTransaction(ctx, async (tx) => {
      // The row lock keeps every other runner off this job until the transaction ends, lease or not.
      if (!(await lockOwnJob(tx.db, row.id, runnerId))) return false;
      await definition.handler(job, tx);
      return markJobDone(tx.db, { jobId: row.id, runnerId, now: ctx.clock.now() });
    });
  }

  async function runHoldingLease(row: JobRow, definition: JobDefinition, job: Job): Promise<boolean> {
    const heartbeat = setInterval(
      () => {
        const lockedUntil = new Date(ctx.clock.now().getTime() + leaseMs);
        extendJobLease(ctx.db, { jobId: row.id, runnerId, lockedUntil }).then(
          // Another runner has the job now: nothing left to renew.
          (isMine) => isMine || clearInterval(heartbeat),
          (error: unknown) =>
            log.warn(
              { job: row.name, jobId: row.id, error: errorMessage(error) },
              'renewing a job lease failed',
            ),
        );
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    try {
      await definition.handler(job, ctx);
    } finally {
      clearInterval(heartbeat);
    }
    return markJobDone(ctx.db, { jobId: row.id, runnerId, now: ctx.clock.now() });
  }

  async function runJob(row: JobRow): Promise<void> {
    const definition = definitions.get(row.name);
    if (!definition) return; // claimJobs only takes names this runner knows
    const job: Job = {
      id: row.id,
      name: row.name,
      payload: (row.payload ?? {}) as Record<string, unknown>,
      attempts: row.attempts,
      runAt: row.runAt,
    };
    if (row.attempts > (definition.maxAttempts ?? row.maxAttempts)) {
      // Its runners kept dying mid-run (a job that crashes the process, say): stop taking it up.
      await recordFailure(row, definition, new Error('every attempt ended with its runner gone')).catch(
        (failure: unknown) =>
          log.error(
            { job: row.name, jobId: row.id, error: errorMessage(failure) },
            'recording a job failure failed',
          ),
      );
      return;
    }
    let isDone: boolean;
    try {
      isDone = definition.transactional
        ? await runTransactional(row, definition, job)
        : await runHoldingLease(row, definition, job);
    } catch (error) {
      await recordFailure(row, definition, error).catch((failure: unknown) =>
        log.error(
          { job: row.name, jobId: row.id, error: errorMessage(failure) },
          'recording a job failure failed',
        ),
      );
      return;
    }
    if (!isDone) {
      log.warn({ job: row.name, jobId: row.id }, 'a job outlived its lease; another runner took it over');
      return;
    }
    if (isScheduleTick(row)) await recordScheduleSuccess(ctx.db, row.name, ctx.clock.now());
  }

  /** Enqueues due schedule ticks and claims a batch: every poll's first trip to the database. */
  async function claimDueJobs() {
    await ensureSchedules();
    await enqueueDueTicks();
    const now = ctx.clock.now();
    return claimJobs(ctx.db, {
      names,
      runnerId,
      now,
      lockedUntil: new Date(now.getTime() + leaseMs),
      limit: batchSize,
    });
  }

  async function runOnce(): Promise<number> {
    const claimed = await claimDueJobs();
    await Promise.all(claimed.map(runJob));
    return claimed.length;
  }

  let isStopped = true;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  /** Polls in a row that found the database unreachable. */
  let unavailablePolls = 0;

  const nextPollDelay = (ran: number) => {
    if (unavailablePolls > 0) {
      return Math.min(
        Math.max(pollIntervalMs, UNAVAILABLE_POLL_CAP_MS),
        pollIntervalMs * 2 ** unavailablePolls,
      );
    }
    // A full batch means more may be waiting: go again at once.
    return ran >= batchSize ? 0 : pollIntervalMs;
  };

  const poll = () => {
    timer = undefined;
    let ran = 0;
    round = claimDueJobs()
      .then(async (claimed) => {
        // Said before the jobs run, so their own lines follow it in the log.
        if (unavailablePolls > 0) log.info({}, 'the job runner reaches the database again');
        unavailablePolls = 0;
        await Promise.all(claimed.map(runJob));
        ran = claimed.length;
      })
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) {
          unavailablePolls = 0;
          log.error({ error: errorMessage(error) }, 'the job runner could not poll');
          return;
        }
        // The database client warns once per outage; a line per poll would only bury it.
        if (unavailablePolls === 0) log.warn({}, 'the job runner waits for the database to come back');
        unavailablePolls += 1;
      });
    void round.then(() => {
      round = undefined;
      if (!isStopped) timer = setTimeout(poll, nextPollDelay(ran));
    });
  };

  return {
    start() {
      if (!isStopped) return;
      isStopped = false;
      timer = setTimeout(poll, 0);
    },
    async stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round;
    },
    runOnce,
  };
}
