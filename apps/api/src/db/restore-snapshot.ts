/**
 * Restores the embedded database from a snapshot: npm run restore -- data/backups/cairn-YYYY-MM-DD.tar.gz
 * Run it while the server is stopped. The current database is kept beside it, renamed, not deleted.
 */
import { readFile, rename, stat } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '../config/env';
import { pgliteDataPath } from './client';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

async function restore(snapshotPath: string | undefined) {
  if (!snapshotPath) throw new ConfigError('Usage: npm run restore -- <path to cairn-YYYY-MM-DD.tar.gz>');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError('DATABASE_URL is set: restore PostgreSQL with its own tools (pg_restore).');
  }
  const release = await lockDataDir(config.dataDir);
  try {
    const snapshot = new Blob([await readFile(snapshotPath)]);
    const target = pgliteDataPath(config.dataDir);
    const isPresent = await stat(target).then(
      () => true,
      () => false,
    );
    const keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    if (isPresent) await rename(target, keptAs);
    const client = await PGlite.create({ dataDir: target, loadDataDir: snapshot });
    await client.query('select 1');
    await client.close();
    console.log(`Restored ${snapshotPath} into ${target}.`);
    if (isPresent) console.log(`The previous database is kept at ${keptAs}.`);
  } finally {
    release();
  }
}

restore(process.argv[2]).catch((error: unknown) => {
  const isExpected = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(isExpected ? (error as Error).message : error);
  process.exit(1);
});
