import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentsDir, createLocalDiskStorage } from '../lib/storage/local-disk-storage';
import { pgliteDataPath } from './client';
import { backupsDir, readSnapshot, restoreSnapshot, takeDailySnapshot } from './snapshots';

let dataDir: string;
let pglite: PGlite;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-snapshots-'));
  pglite = await PGlite.create();
  await pglite.exec("create table notes (body text); insert into notes values ('kept in the snapshot')");
});
afterAll(async () => {
  await pglite.close();
  await rm(dataDir, { recursive: true, force: true });
});

const clockAt = (iso: string) => ({ now: () => new Date(iso) });

async function filesUnder(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Object.fromEntries(
    await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const full = path.join(entry.parentPath, entry.name);
          return [path.relative(dir, full).split(path.sep).join('/'), await readFile(full, 'utf8')] as const;
        }),
    ),
  );
}

describe('daily snapshots', () => {
  it('writes one snapshot a day that restores the data', async () => {
    const written = await takeDailySnapshot({
      pglite,
      dataDir,
      retentionDays: 7,
      clock: clockAt('2026-05-01T10:00:00Z'),
    });
    expect(written).toBe(path.join(backupsDir(dataDir), 'cairn-2026-05-01.tar.gz'));
    const again = await takeDailySnapshot({
      pglite,
      dataDir,
      retentionDays: 7,
      clock: clockAt('2026-05-01T23:00:00Z'),
    });
    expect(again).toBeUndefined();

    const restored = await PGlite.create({ loadDataDir: (await readSnapshot(written!)).database });
    expect((await restored.query('select body from notes')).rows).toEqual([{ body: 'kept in the snapshot' }]);
    await restored.close();
  });

  it('keeps only the newest snapshots', async () => {
    const dir = backupsDir(dataDir);
    for (const day of ['2026-04-20', '2026-04-21', '2026-04-22']) {
      await writeFile(path.join(dir, `cairn-${day}.tar.gz`), 'old');
    }
    await takeDailySnapshot({ pglite, dataDir, retentionDays: 2, clock: clockAt('2026-05-02T08:00:00Z') });
    expect((await readdir(dir)).sort()).toEqual(['cairn-2026-05-01.tar.gz', 'cairn-2026-05-02.tar.gz']);
  });
});

describe('snapshots with attachments', () => {
  it('carry the attachments and restore them with the database, keeping what was there', async () => {
    const source = await mkdtemp(path.join(os.tmpdir(), 'cairn-snapshot-source-'));
    const target = await mkdtemp(path.join(os.tmpdir(), 'cairn-snapshot-target-'));
    try {
      const storage = createLocalDiskStorage(attachmentsDir(source));
      await storage.put('user-1/photo', Buffer.from('photo bytes'));
      await storage.put('user-2/report.pdf', Buffer.from('report bytes'));
      // An upload still being written is not part of the snapshot.
      await mkdir(path.join(attachmentsDir(source), '.partial'), { recursive: true });
      await writeFile(path.join(attachmentsDir(source), '.partial', 'half.partial'), 'half');
      const snapshot = await takeDailySnapshot({
        pglite,
        dataDir: source,
        retentionDays: 7,
        clock: clockAt('2026-05-03T08:00:00Z'),
      });

      const before = await PGlite.create(pgliteDataPath(target));
      await before.exec("create table notes (body text); insert into notes values ('before the restore')");
      await before.close();
      await createLocalDiskStorage(attachmentsDir(target)).put('user-1/old', Buffer.from('old bytes'));

      const kept = await restoreSnapshot({ snapshotPath: snapshot!, dataDir: target, stamp: 'now' });

      expect(await filesUnder(attachmentsDir(target))).toEqual({
        'user-1/photo': 'photo bytes',
        'user-2/report.pdf': 'report bytes',
      });
      expect(await filesUnder(kept.keptAttachmentsAs!)).toEqual({ 'user-1/old': 'old bytes' });
      const restored = await PGlite.create(pgliteDataPath(target));
      expect((await restored.query('select body from notes')).rows).toEqual([
        { body: 'kept in the snapshot' },
      ]);
      await restored.close();
      const previous = await PGlite.create(kept.keptDatabaseAs!);
      expect((await previous.query('select body from notes')).rows).toEqual([{ body: 'before the restore' }]);
      await previous.close();
    } finally {
      await rm(source, { recursive: true, force: true });
      await rm(target, { recursive: true, force: true });
    }
  });

  it('restore a snapshot from before attachments, leaving the attachments as they are', async () => {
    const target = await mkdtemp(path.join(os.tmpdir(), 'cairn-snapshot-old-'));
    try {
      const bare = path.join(target, 'cairn-2026-01-01.tar.gz');
      await writeFile(bare, Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
      await createLocalDiskStorage(attachmentsDir(target)).put('user-1/kept', Buffer.from('kept bytes'));

      const kept = await restoreSnapshot({ snapshotPath: bare, dataDir: target, stamp: 'now' });

      expect(kept.keptAttachmentsAs).toBeUndefined();
      expect(await filesUnder(attachmentsDir(target))).toEqual({ 'user-1/kept': 'kept bytes' });
      const restored = await PGlite.create(pgliteDataPath(target));
      expect((await restored.query('select body from notes')).rows).toEqual([
        { body: 'kept in the snapshot' },
      ]);
      await restored.close();
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  });
});

describe('snapshots of a database on disk', () => {
  it('copy the files while writes go on, and restore every write committed before the copy ended', async () => {
    const source = await mkdtemp(path.join(os.tmpdir(), 'cairn-snapshot-disk-'));
    const target = await mkdtemp(path.join(os.tmpdir(), 'cairn-snapshot-disk-target-'));
    const onDisk = await PGlite.create(pgliteDataPath(source));
    try {
      await onDisk.exec(`create table notes (n int primary key, body text);
        insert into notes select n, repeat('x', 500) from generate_series(1, 5000) n;`);
      // Writes keep landing while the files are copied; the WAL carries them into the restore.
      let next = 5001;
      let isWriting = true;
      const writing = (async () => {
        while (isWriting) {
          const n = next;
          await onDisk.transaction(async (tx) => {
            await tx.query('insert into notes values ($1, $2)', [n, 'written during the copy']);
            await tx.query('update notes set body = $1 where n = $2', ['changed', n - 5000]);
          });
          next += 1;
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();
      const snapshot = await takeDailySnapshot({
        pglite: onDisk,
        dataDir: source,
        retentionDays: 7,
        clock: clockAt('2026-05-04T03:00:00Z'),
      });
      isWriting = false;
      await writing;
      const written = next - 5001;
      expect(written).toBeGreaterThan(0);

      await restoreSnapshot({ snapshotPath: snapshot!, dataDir: target, stamp: 'now' });
      const restored = await PGlite.create(pgliteDataPath(target));
      const [row] = (
        await restored.query<{ total: number; during: number; changed: number }>(
          `select count(*)::int as total,
                  count(*) filter (where body = 'written during the copy')::int as during,
                  count(*) filter (where body = 'changed')::int as changed
             from notes`,
        )
      ).rows;
      await restored.close();
      // Whatever the copy caught of the concurrent transactions, it caught whole: each insert with its update.
      expect(row!.total).toBe(5000 + row!.during);
      expect(row!.changed).toBe(row!.during);
      expect(row!.during).toBeLessThanOrEqual(written);
    } finally {
      await onDisk.close();
      await rm(source, { recursive: true, force: true });
      await rm(target, { recursive: true, force: true });
    }
  });
});
