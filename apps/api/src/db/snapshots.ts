import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';

const SNAPSHOT_PATTERN = /^cairn-(\d{4}-\d{2}-\d{2})\.tar\.gz$/;
const CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

function snapshotName(day: string): string {
  return `cairn-${day}.tar.gz`;
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
  const today = options.clock.now().toISOString().slice(0, 10);
  const existing = (await readdir(dir)).filter((name) => SNAPSHOT_PATTERN.test(name)).sort();
  let written: string | undefined;
  if (!existing.includes(snapshotName(today))) {
    const dump = await options.pglite.dumpDataDir('gzip');
    const target = path.join(dir, snapshotName(today));
    // Write beside, then rename: a crash mid-write never leaves a truncated snapshot under the real name.
    const partial = `${target}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
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
