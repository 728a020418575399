import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'cairn-lock-'));

describe('lockDataDir', () => {
  it('refuses a second owner while the first is alive', async () => {
    const dir = await tempDir();
    // A long-lived child stands in for another server process.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await writeFile(path.join(dir, 'cairn.lock'), String(other.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dir)).rejects.toThrow(`pid ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock whose owner is gone', async () => {
    const dir = await tempDir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(path.join(dir, 'cairn.lock'), String(gone.pid));
    const release = await lockDataDir(dir);
    release();
    expect(existsSync(path.join(dir, 'cairn.lock'))).toBe(false);
  });

  it('can be taken again once released', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    expect(existsSync(path.join(dir, 'cairn.lock'))).toBe(true);
    release();
    (await lockDataDir(dir))();
  });
});
