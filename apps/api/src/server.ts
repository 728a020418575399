import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config/env';
import { resolveJwtSecret } from './config/jwt-secret';
import { type Database, openPglite, openPostgres } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { schedulePlannerStatistics } from './db/planner-statistics';
import { scheduleDailySnapshots } from './db/snapshots';
import { systemClock } from './lib/clock';
import { createSmtpMailer } from './lib/mailer';

async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) return { database: openPostgres(config.databaseUrl), release: () => {} };
  const release = await lockDataDir(config.dataDir);
  try {
    return { database: await openPglite({ dataDir: config.dataDir }), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function start() {
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
  });

  if (!config.requireEmailVerification) {
    app.log.info(
      config.smtpUrl
        ? 'e-mail verification is turned off by REQUIRE_EMAIL_VERIFICATION'
        : 'e-mail verification is off: no SMTP_URL is set',
    );
  }
  const { pglite } = database;
  const stopMaintenance = pglite
    ? [
        scheduleDailySnapshots({
          pglite,
          dataDir: config.dataDir,
          retentionDays: config.backupRetentionDays,
          clock: systemClock,
          log: app.log,
        }),
        schedulePlannerStatistics({ pglite, log: app.log }),
      ]
    : [];

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    for (const stop of stopMaintenance) stop();
    await app.close();
    await database.close();
    mailer?.close();
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  console.log(`\nCairn is running at ${url}\n`);
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Cairn could not start:', error);
  }
  process.exit(1);
});
