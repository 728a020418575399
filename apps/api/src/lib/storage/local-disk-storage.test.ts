import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage';
import { createLocalDiskStorage } from './local-disk-storage';

let root: string;
let storage: FileStorage;
beforeEach(async () => {
  root = path.join(await mkdtemp(path.join(os.tmpdir(), 'cairn-storage-')), 'attachments');
  storage = createLocalDiskStorage(root);
});
afterEach(() => rm(path.dirname(root), { recursive: true, force: true }));

/** A stream that sends some bytes, then fails, as an upload cut off mid-way does. */
function failingStream(): Readable {
  return new Readable({
    read() {
      this.push(Buffer.from('first half'));
      this.destroy(new Error('connection reset'));
    },
  });
}

describe('local disk storage', () => {
  it('stores, reads, tells and deletes files by key', async () => {
    const key = 'user-1/attachment-1';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();

    expect(await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toEqual({
      size: 11,
    });
    expect(await storage.exists(key)).toBe(true);
    expect(await text((await storage.get(key))!)).toBe('hello world');
    expect(await readFile(path.join(root, 'user-1', 'attachment-1'), 'utf8')).toBe('hello world');

    await storage.put(key, Buffer.from('replaced'));
    expect(await text((await storage.get(key))!)).toBe('replaced');

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
  });

  it('keeps the old content and leaves no half file when a write fails', async () => {
    const key = 'user-1/report.pdf';
    await storage.put(key, Buffer.from('complete'));
    await expect(storage.put(key, failingStream())).rejects.toThrow('connection reset');
    await expect(storage.put('user-1/new', failingStream())).rejects.toThrow('connection reset');

    expect(await text((await storage.get(key))!)).toBe('complete');
    expect(await storage.exists('user-1/new')).toBe(false);
    expect((await readdir(path.join(root, 'user-1'))).sort()).toEqual(['report.pdf']);
    expect(await readdir(path.join(root, '.partial'))).toEqual([]);
  });

  it('refuses keys that could reach outside its folder', async () => {
    await writeFile(path.join(path.dirname(root), 'secret'), 'outside');
    for (const key of [
      '../secret',
      'user-1/../../secret',
      '/etc/passwd',
      '.partial/x',
      'a//b',
      '',
      'a/b\\c',
    ]) {
      await expect(storage.get(key), key).rejects.toThrow('invalid storage key');
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key), key).rejects.toThrow('invalid storage key');
    }
    expect(await readFile(path.join(path.dirname(root), 'secret'), 'utf8')).toBe('outside');
  });
});
