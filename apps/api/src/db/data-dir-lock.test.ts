import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, findDataDirHolder, lockDataDir } from './data-dir-lock';

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'cairn-lock-'));
const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Another process that takes the lock the way the server does, then stays alive. */
async function startLockHolder(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    await lockDataDir(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the lock holder exited with ${code}: ${errors}`)));
  });
  return child;
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('lockDataDir', () => {
  it('refuses while a live Cairn process holds the lock, naming its pid', async () => {
    const dir = await tempDir();
    const holder = await startLockHolder(dir);

    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(
      `Another Cairn server (pid ${holder.pid}) is already using the data directory`,
    );
    expect(await findDataDirHolder(dir)).toEqual({ pid: holder.pid });
  });

  it('refuses a second lock within the same process', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(`pid ${process.pid}`);
    } finally {
      release();
    }
  });

  it('takes over the lock of a process that was killed with kill -9', async () => {
    const dir = await tempDir();
    const holder = await startLockHolder(dir);
    await killHard(holder);
    // The killed process could not clean up: its socket file is still there.
    expect(existsSync(path.join(dir, 'cairn.sock'))).toBe(true);
    expect(await findDataDirHolder(dir)).toBeUndefined();

    const release = await lockDataDir(dir);
    expect(await findDataDirHolder(dir)).toEqual({ pid: process.pid });
    release();
  });

  it('is not fooled by an old pid now used by an unrelated process', async () => {
    const dir = await tempDir();
    // An unrelated, live process whose pid an older lock file happens to name.
    const unrelated = spawn('sleep', ['30']);
    children.push(unrelated);
    await writeFile(path.join(dir, 'cairn.lock'), String(unrelated.pid));

    const release = await lockDataDir(dir);
    release();
  });

  it('lets exactly one of several simultaneous starts take over a stale lock', async () => {
    const dir = await tempDir();
    await killHard(await startLockHolder(dir));

    const results = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir), lockDataDir(dir)]);
    const taken = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(taken).toHaveLength(1);
    for (const result of refused) expect(result.reason).toBeInstanceOf(DataDirLockedError);
    for (const result of taken) result.value();
  });

  it('can be taken again once released, and leaves no socket behind', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    expect(existsSync(path.join(dir, 'cairn.sock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'cairn.sock'))).toBe(false);
    expect(await findDataDirHolder(dir)).toBeUndefined();
    (await lockDataDir(dir))();
  });

  it('reports no holder for a data directory that does not exist yet', async () => {
    expect(await findDataDirHolder(path.join(await tempDir(), 'not-yet'))).toBeUndefined();
  });
});
