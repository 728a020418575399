import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import { attachmentsDir } from '../lib/storage/local-disk-storage';
import { readTar, type TarEntry, writeTar } from '../lib/tar';
import { pgliteDataPath } from './client';

const SNAPSHOT_PATTERN = /^cairn-(\d{4}-\d{2}-\d{2})\.tar\.gz$/;
const CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A snapshot is a gzipped tar holding a manifest, the embedded database's own dump (as PGlite writes
 * it) and every attachment under attachments/. Snapshots from before attachments were kept are the
 * bare database dump; restore tells them apart by the manifest.
 */
const MANIFEST = 'cairn-snapshot.json';
const DATABASE_ENTRY = 'database.tar.gz';
const ATTACHMENTS_PREFIX = 'attachments/';

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

function snapshotName(day: string): string {
  return `cairn-${day}.tar.gz`;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Every stored attachment, as paths relative to the attachments folder; unfinished writes are left out. */
async function listAttachments(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => !relative.startsWith('.'))
    .sort();
}

async function* snapshotEntries(options: {
  dump: Blob;
  dataDir: string;
  now: Date;
}): AsyncGenerator<TarEntry> {
  const manifest = Buffer.from(JSON.stringify({ format: 1, takenAt: options.now.toISOString() }));
  yield { name: MANIFEST, size: manifest.length, content: manifest };
  const database = Buffer.from(await options.dump.arrayBuffer());
  yield { name: DATABASE_ENTRY, size: database.length, content: database };
  const root = attachmentsDir(options.dataDir);
  for (const relative of await listAttachments(root)) {
    // An attachment deleted since the listing is simply not in this snapshot.
    const handle = await open(path.join(root, relative), 'r').catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!handle) continue;
    const { size } = await handle.stat();
    yield { name: `${ATTACHMENTS_PREFIX}${relative}`, size, content: handle.createReadStream() };
  }
}

/** Writes today's snapshot unless it exists, then keeps only the newest `retentionDays`. */
export async function takeDailySnapshot(options: {
  pglite: PGlite;
  dataDir: string;
  retentionDays: number;
  clock: Clock;
}): Promise<string | undefined> {
  const dir = backupsDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  const now = options.clock.now();
  const today = now.toISOString().slice(0, 10);
  const existing = (await readdir(dir)).filter((name) => SNAPSHOT_PATTERN.test(name)).sort();
  let written: string | undefined;
  if (!existing.includes(snapshotName(today))) {
    const dump = await options.pglite.dumpDataDir('gzip');
    const target = path.join(dir, snapshotName(today));
    // Write beside, then rename: a crash mid-write never leaves a truncated snapshot under the real name.
    const partial = `${target}.partial`;
    try {
      await pipeline(
        writeTar(snapshotEntries({ dump, dataDir: options.dataDir, now })),
        createGzip(),
        createWriteStream(partial),
      );
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, target);
    existing.push(snapshotName(today));
    written = target;
  }
  const stale = existing.sort().slice(0, Math.max(0, existing.length - options.retentionDays));
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
  return written;
}

/** Takes a snapshot at start and checks every hour whether the day has turned. */
export function scheduleDailySnapshots(options: {
  pglite: PGlite;
  dataDir: string;
  retentionDays: number;
  clock: Clock;
  log: FastifyBaseLogger;
}): () => void {
  const run = () =>
    takeDailySnapshot(options)
      .then(
        (written) => written && options.log.info({ snapshot: written }, 'daily database snapshot written'),
      )
      .catch((error: unknown) => options.log.error({ err: error }, 'daily database snapshot failed'));
  void run();
  const timer = setInterval(run, CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

type SnapshotContents = {
  database: Blob;
  /** Relative path and content of each attachment; undefined for a snapshot from before attachments. */
  attachments: { path: string; content: Buffer }[] | undefined;
};

/** Only plain relative paths come out of a snapshot: nothing it holds can land outside its folder. */
function safeRelativePath(name: string): string {
  const segments = name.split('/');
  if (
    name.startsWith('/') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new Error(`the snapshot holds an unsafe path: ${name}`);
  }
  return segments.join(path.sep);
}

export async function readSnapshot(snapshotPath: string): Promise<SnapshotContents> {
  const file = await readFile(snapshotPath);
  const files = await readTar(gunzipSync(file));
  if (!files.some((entry) => entry.name === MANIFEST))
    return { database: new Blob([file]), attachments: undefined };
  const database = files.find((entry) => entry.name === DATABASE_ENTRY);
  if (!database) throw new Error(`the snapshot has no ${DATABASE_ENTRY}`);
  return {
    database: new Blob([database.content]),
    attachments: files
      .filter((entry) => entry.name.startsWith(ATTACHMENTS_PREFIX))
      .map((entry) => ({
        path: safeRelativePath(entry.name.slice(ATTACHMENTS_PREFIX.length)),
        content: entry.content,
      })),
  };
}

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/**
 * Puts a snapshot's database and attachments in place in `dataDir`. What was there is kept beside it,
 * renamed with `stamp`, not deleted. Run it with the data folder locked and the server stopped.
 */
export async function restoreSnapshot(options: {
  snapshotPath: string;
  dataDir: string;
  stamp: string;
}): Promise<{ keptDatabaseAs?: string; keptAttachmentsAs?: string }> {
  const contents = await readSnapshot(options.snapshotPath);
  const kept: { keptDatabaseAs?: string; keptAttachmentsAs?: string } = {};

  // The attachments are laid out beside their place first, so a failure leaves the current ones untouched.
  const attachments = attachmentsDir(options.dataDir);
  const incoming = `${attachments}.restoring-${options.stamp}`;
  if (contents.attachments) {
    await rm(incoming, { recursive: true, force: true });
    await mkdir(incoming, { recursive: true });
    for (const attachment of contents.attachments) {
      const target = path.join(incoming, attachment.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, attachment.content);
    }
  }

  const database = pgliteDataPath(options.dataDir);
  if (await exists(database)) {
    kept.keptDatabaseAs = `${database}.before-restore-${options.stamp}`;
    await rename(database, kept.keptDatabaseAs);
  }
  const client = await PGlite.create({ dataDir: database, loadDataDir: contents.database });
  await client.query('select 1');
  await client.close();

  if (contents.attachments) {
    if (await exists(attachments)) {
      kept.keptAttachmentsAs = `${attachments}.before-restore-${options.stamp}`;
      await rename(attachments, kept.keptAttachmentsAs);
    }
    await rename(incoming, attachments);
  }
  return kept;
}
