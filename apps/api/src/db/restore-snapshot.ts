/**
 * Restores the embedded database and its attachments from a snapshot:
 *   npm run restore -- data/backups/cairn-YYYY-MM-DD.tar.gz
 * Run it while the server is stopped. What is there now is kept beside it, renamed, not deleted.
 */
import { ConfigError, loadConfig } from '../config/env';
import { pgliteDataPath } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { restoreSnapshot } from './snapshots';

async function restore(snapshotPath: string | undefined) {
  if (!snapshotPath) throw new ConfigError('Usage: npm run restore -- <path to cairn-YYYY-MM-DD.tar.gz>');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is set: restore PostgreSQL with its own tools (pg_restore).');
  }
  const release = await lockDataDir(config.dataDir);
  try {
    const kept = await restoreSnapshot({
      snapshotPath,
      dataDir: config.dataDir,
      stamp: new Date().toISOString().replace(/[:.]/g, '-'),
    });
    console.log(`Restored ${snapshotPath} into ${pgliteDataPath(config.dataDir)}.`);
    if (kept.keptDatabaseAs) console.log(`The previous database is kept at ${kept.keptDatabaseAs}.`);
    if (kept.keptAttachmentsAs)
      console.log(`The previous attachments are kept at ${kept.keptAttachmentsAs}.`);
  } finally {
    release();
  }
}

restore(process.argv[2]).catch((error: unknown) => {
  const isExpected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(isExpected ? (error as Error).message : error);
  process.exit(1);
});
