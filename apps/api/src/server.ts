import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config/env';
import { resolveJwtSecret } from './config/jwt-secret';
import { type Database, openPglite, openPostgres } from './db/client';
import {
  assertDataDirUsable,
  DataDirLockedError,
  DataDirUnusableError,
  EMBEDDED_DATABASE_MIN_FREE_BYTES,
  findDataDirProblem,
  lockDataDir,
} from './db/data-dir-lock';
import { refreshPlannerStatistics } from './db/planner-statistics';
import { jobDefinitions } from './job-definitions';
import { createSmtpMailer } from './lib/mailer';
import { sweepAfterStart } from './modules/attachments/attachments.jobs';
import { enqueueJobs } from './modules/jobs/job-queue';
import { createJobRunner } from './modules/jobs/job-runner';

/** How long running requests get to finish once the server is asked to stop. */
const SHUTDOWN_DEADLINE_MS = 5000;
const DATABASE_CLOSE_DEADLINE_MS = 15_000;

async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) return { database: openPostgres(config.databaseUrl), release: () => {} };
  // The embedded database cannot run without writing there: a clear line now, not a crash later.
  await assertDataDirUsable(config.dataDir);
  const release = await lockDataDir(config.dataDir);
  try {
    return { database: await openPglite({ dataDir: config.dataDir }), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function start() {
  const startedAt = new Date();
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  await database.migrate();
  const mailer = config.smtpUrl
    ? createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom })
    : undefined;
  const app = await buildApp({
    config,
    database,
    mailer,
    jwtSecret: await resolveJwtSecret({ configured: config.jwtSecret, dataDir: config.dataDir }),
    diskSpaceGuard: { minFreeBytes: EMBEDDED_DATABASE_MIN_FREE_BYTES },
  });

  if (config.databaseUrl && !config.s3) {
    // With PostgreSQL the directory holds only attachments (and perhaps the secret, checked above):
    // the rest of Cairn works without it, and uploads answer 503 until it takes writes again.
    const problem = await findDataDirProblem(config.dataDir, { minFreeBytes: 0 });
    if (problem) app.log.warn(`${problem} Attachment uploads fail until then.`);
  }
  if (!config.requireEmailVerification) {
    app.log.info(
      config.smtpUrl
        ? 'e-mail verification is turned off by REQUIRE_EMAIL_VERIFICATION'
        : 'e-mail verification is off: no SMTP_URL is set',
    );
  }
  const { pglite } = database;
  // The embedded database has no autovacuum: fresh planner statistics at boot, then the runner's
  // database:statistics job keeps them current.
  if (pglite) {
    void refreshPlannerStatistics(pglite).catch((error: unknown) =>
      app.log.error({ err: error }, 'refreshing the planner statistics failed'),
    );
  }
  const jobRunner = createJobRunner({
    ctx: app.ctx,
    definitions: jobDefinitions({ config, pglite, log: app.log }),
    log: app.log,
  });

  database.setLog(app.log);

  let isClosing = false;
  /** Exits even if `step` never settles: a hung request or connection must not keep Cairn alive for ever. */
  const within = async (step: () => Promise<void>, ms: number, whenLate: string) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ms);
    });
    const outcome = await Promise.race([step().then(() => 'done' as const), late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      app.log.warn(whenLate);
      release();
      process.exit(1);
    }
  };
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Jobs in hand get a moment to finish; one that does not is run again after its lease runs out.
      let jobsTimer: NodeJS.Timeout | undefined;
      const jobsLate = new Promise<'late'>((resolve) => {
        jobsTimer = setTimeout(() => resolve('late'), SHUTDOWN_DEADLINE_MS);
      });
      if ((await Promise.race([jobRunner.stop(), jobsLate])) === 'late') {
        app.log.warn(
          `jobs were still running ${SHUTDOWN_DEADLINE_MS / 1000} s after ${signal}; stopping without them`,
        );
      }
      clearTimeout(jobsTimer);
      // Stops accepting connections, answers 503 to new requests on open ones, waits for running ones.
      await within(
        () => app.close(),
        SHUTDOWN_DEADLINE_MS,
        `requests were still running ${SHUTDOWN_DEADLINE_MS / 1000} s after ${signal}; exiting without them`,
      );
      // The embedded database writes its files out on close, which is worth waiting a little longer for.
      await within(
        () => database.close(),
        DATABASE_CLOSE_DEADLINE_MS,
        `the database did not close within ${DATABASE_CLOSE_DEADLINE_MS / 1000} s; exiting anyway`,
      );
      mailer?.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutting down failed');
      release();
      process.exit(1);
    }
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // A crash between storing an upload's file and recording it leaves the file behind: whatever in the
  // data directory predates this start and no row names goes. Before listening, so no upload of this
  // process is under way; one of another process sharing the directory records its file moments
  // after storing it, long before this start's migrations and set-up are through.
  if (!config.s3) {
    await sweepAfterStart(app.ctx, { startedAt }).then(
      ({ removed }) => {
        if (removed > 0) app.log.warn({ removed }, 'removed attachment files an interrupted upload left');
      },
      (error: unknown) => app.log.error({ err: error }, 'removing files of interrupted uploads failed'),
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  console.log(`\nCairn is running at ${url}\n`);

  jobRunner.start();
  // As before the scheduled snapshots: one at boot when today's is missing (the handler checks).
  if (pglite) await enqueueJobs(app.ctx, [{ name: 'database:snapshot' }]);
}

start().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirUnusableError
  ) {
    console.error(error.message);
  } else {
    console.error('Cairn could not start:', error);
  }
  process.exit(1);
});
