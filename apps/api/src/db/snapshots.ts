import { createWriteStream } from 'node:fs';
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  statfs,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import tarStream from 'tar-stream';
import type { Clock } from '../lib/clock';
import { attachmentsDir } from '../lib/storage/local-disk-storage';
import { readTar, type TarEntry, writeTar } from '../lib/tar';
import { pgliteDataPath } from './client';
import { EMBEDDED_DATABASE_MIN_FREE_BYTES } from './data-dir-lock';

const SNAPSHOT_PATTERN = /^cairn-(\d{4}-\d{2}-\d{2})\.tar\.gz$/;

/**
 * A snapshot is a gzipped tar holding a manifest, the embedded database's files as a tar (a base
 * backup PGlite loads as it loads its own dumps) and every attachment under attachments/. Snapshots from before attachments were kept are the
 * bare database dump; restore tells them apart by the manifest.
 */
const MANIFEST = 'cairn-snapshot.json';
const DATABASE_ENTRY = 'database.tar';
/** Snapshots before stall-free dumps held the database gzipped inside the gzipped archive. */
const GZIPPED_DATABASE_ENTRY = 'database.tar.gz';
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

/**
 * What a base backup leaves out, as pg_basebackup does: the server's runtime state, rebuilt at start.
 * pg_wal is copied apart, after the backup has ended, so it holds every change made while copying.
 */
const RUNTIME_DIRS = new Set([
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
const RUNTIME_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

/** Adds one entry to a tar stream, waiting while the stream is full. */
async function addEntry(
  pack: tarStream.Pack,
  name: string,
  content?: { size: number; chunks: AsyncIterable<Buffer> | Buffer[] },
): Promise<void> {
  if (!content) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name, type: 'directory' }, (error) => (error ? reject(error) : resolve())),
    );
    return;
  }
  await pipeline(Readable.from(content.chunks), pack.entry({ name, size: content.size }));
}

const CHUNK_BYTES = 1024 * 1024;

/**
 * The first `size` bytes of a file in 1 MiB reads, so no big buffer is held. A file cut short while
 * it is read is padded with zeros, as pg_basebackup does: the WAL replayed on restore rewrites it.
 */
async function* readChunks(handle: FileHandle, size: number): AsyncGenerator<Buffer> {
  let position = 0;
  while (position < size) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size - position));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    position += chunk.length;
    yield chunk;
    if (bytesRead < chunk.length) {
      for (; position < size; position += CHUNK_BYTES)
        yield Buffer.alloc(Math.min(CHUNK_BYTES, size - position));
    }
  }
}

/** Adds a file as it is now; a file gone meanwhile (a dropped table, a truncation) is left out. */
async function addFile(pack: tarStream.Pack, name: string, file: string): Promise<void> {
  const handle = await open(file, 'r').catch((error: unknown) => {
    if (isMissing(error)) return undefined;
    throw error;
  });
  if (!handle) return;
  try {
    const { size } = await handle.stat();
    await addEntry(pack, name, { size, chunks: readChunks(handle, size) });
  } finally {
    await handle.close();
  }
}

async function addTree(pack: tarStream.Pack, root: string, relative: string): Promise<void> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      await addEntry(pack, name);
      if (!(relative === '' && RUNTIME_DIRS.has(entry.name))) await addTree(pack, root, name);
    } else if (entry.isFile() && !(relative === '' && RUNTIME_FILES.has(entry.name))) {
      await addFile(pack, name, path.join(root, name));
    }
  }
}

/**
 * Archives the embedded database's files the way PostgreSQL's own base backups do, while it keeps
 * answering queries: pg_backup_start checkpoints, the files are copied one by one (a page changed
 * meanwhile is repaired on restore from the full-page images in the WAL), pg_backup_stop returns the
 * backup_label that tells a restore where to replay from, and the WAL written meanwhile goes in last.
 * PGlite's dumpDataDir reads every file in one synchronous block instead, holding the whole server
 * (every request) for a second and more on a few thousand tasks.
 */
async function writeDatabaseArchive(pglite: PGlite, pgdata: string, target: string): Promise<void> {
  const pack = tarStream.pack();
  const writing = pipeline(pack, createWriteStream(target));
  const fill = async () => {
    await pglite.query(`select pg_backup_start('cairn snapshot', true)`);
    let label: string | undefined;
    try {
      await addTree(pack, pgdata, '');
    } finally {
      const { rows } = await pglite.query<{ labelfile: string }>(
        'select labelfile from pg_backup_stop(false)',
      );
      label = rows[0]?.labelfile;
    }
    if (!label) throw new Error('the database returned no backup label');
    const labelBytes = Buffer.from(label);
    await addEntry(pack, 'backup_label', { size: labelBytes.length, chunks: [labelBytes] });
    const wal = path.join(pgdata, 'pg_wal');
    for (const entry of await readdir(wal, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        await addEntry(pack, `pg_wal/${entry.name}`);
        continue;
      }
      if (entry.isFile()) await addFile(pack, `pg_wal/${entry.name}`, path.join(wal, entry.name));
    }
    pack.finalize();
  };
  await Promise.all([
    fill().catch((error: unknown) => {
      pack.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }),
    writing,
  ]);
}

/** The database's files, as a tar archive in `target`. */
async function archiveDatabase(pglite: PGlite, target: string): Promise<void> {
  const pgdata = pglite.dataDir;
  if (pgdata && !pgdata.includes('://')) {
    await writeDatabaseArchive(pglite, pgdata, target);
    return;
  }
  // A database held in memory (tests) has no files to copy: PGlite's dump, which holds it meanwhile.
  await writeFile(target, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
}

async function* snapshotEntries(options: {
  databaseArchive: string;
  dataDir: string;
  now: Date;
}): AsyncGenerator<TarEntry> {
  const manifest = Buffer.from(JSON.stringify({ format: 1, takenAt: options.now.toISOString() }));
  yield { name: MANIFEST, size: manifest.length, content: manifest };
  const database = await open(options.databaseArchive, 'r');
  const { size } = await database.stat();
  yield { name: DATABASE_ENTRY, size, content: database.createReadStream() };
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

/** Bytes of every file under `root` (0 when it does not exist). */
async function sizeOfTree(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) return [];
    throw error;
  });
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    total += await stat(path.join(entry.parentPath, entry.name)).then(
      (stats) => stats.size,
      () => 0,
    );
  }
  return total;
}

/**
 * A snapshot copies the database and the attachments before compressing them, on the disk the
 * database lives on. Started without room for that and the database's own reserve, it would run
 * the disk dry under the database, which the embedded one does not survive.
 */
async function assertRoomForSnapshot(options: { dataDir: string; pgdata: string; backups: string }) {
  const needed = (await sizeOfTree(options.pgdata)) * 2 + (await sizeOfTree(attachmentsDir(options.dataDir)));
  const { bavail, bsize } = await statfs(options.backups);
  const free = bavail * bsize;
  if (free - needed < EMBEDDED_DATABASE_MIN_FREE_BYTES) {
    const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;
    throw new Error(
      `not enough room in ${options.backups} for a snapshot: it needs about ${megabytes(needed)} besides ` +
        `the database's reserve of ${megabytes(EMBEDDED_DATABASE_MIN_FREE_BYTES)}, and ${megabytes(free)} are free`,
    );
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
    const target = path.join(dir, snapshotName(today));
    // Write beside, then rename: a crash mid-write never leaves a truncated snapshot under the real name.
    const partial = `${target}.partial`;
    const databaseArchive = `${target}.database.partial`;
    const pgdata = options.pglite.dataDir;
    if (pgdata && !pgdata.includes('://'))
      await assertRoomForSnapshot({ dataDir: options.dataDir, pgdata, backups: dir });
    try {
      await archiveDatabase(options.pglite, databaseArchive);
      // Streamed and gzipped off the main thread: neither the event loop nor the database waits on it.
      await pipeline(
        writeTar(snapshotEntries({ databaseArchive, dataDir: options.dataDir, now })),
        createGzip(),
        createWriteStream(partial),
      );
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    } finally {
      await rm(databaseArchive, { force: true });
    }
    await rename(partial, target);
    existing.push(snapshotName(today));
    written = target;
  }
  const stale = existing.sort().slice(0, Math.max(0, existing.length - options.retentionDays));
  await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
  return written;
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
  const database = files.find(
    (entry) => entry.name === DATABASE_ENTRY || entry.name === GZIPPED_DATABASE_ENTRY,
  );
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
