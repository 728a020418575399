import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsDir, takeDailySnapshot } from './snapshots';

let dataDir: string;
let pglite: PGlite;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-snapshots-'));
  pglite = await PGlite.create();
  await pglite.exec("create table notes (body text); insert into notes values ('kept in the snapshot')");
});
afterAll(() => pglite.close());

const clockAt = (iso: string) => ({ now: () => new Date(iso) });

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

    const restored = await PGlite.create({ loadDataDir: new Blob([await readFile(written!)]) });
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
