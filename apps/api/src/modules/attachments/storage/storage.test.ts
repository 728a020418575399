import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../../test/support/s3-server';
import { parseConfig } from '../../../config/env';
import { createStorage } from './create-storage';
import type { AttachmentStorage } from './storage';

/** A stream that sends some bytes, then fails, as an upload cut off half way does. */
function failingStream(): Readable {
  return new Readable({
    read() {
      this.push(Buffer.from('first half'));
      this.destroy(new Error('connection reset'));
    },
  });
}

/** The same behaviour from both drivers, each built from configuration as the server builds it. */
describe.each(['disk', 's3'] as const)('%s storage', (driver) => {
  let storage: AttachmentStorage;
  let dataDir: string;
  let s3: TestS3Server | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-storage-'));
    if (driver === 's3') s3 = await startS3Server();
    storage = createStorage(parseConfig({ DATA_DIR: dataDir, ...s3?.env }));
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores, reads, tells and deletes files by key', async () => {
    const key = 'user-1/first.txt';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toEqual({
      size: 11,
    });
    expect(await storage.exists(key)).toBe(true);
    expect(await text((await storage.get(key)) as Readable)).toBe('hello world');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    // Deleting what is not there is not an error.
    await storage.delete(key);
  });

  it('keeps nothing of a write whose stream fails', async () => {
    await expect(storage.put('user-1/cut.bin', failingStream())).rejects.toThrow('connection reset');
    expect(await storage.exists('user-1/cut.bin')).toBe(false);
  });

  it("deletes every file of one user and nobody else's", async () => {
    await storage.put('user-2/a.txt', Buffer.from('a'));
    await storage.put('user-2/b.txt', Buffer.from('b'));
    await storage.put('user-3/c.txt', Buffer.from('c'));
    await storage.deleteAllOf('user-2');
    expect(await storage.exists('user-2/a.txt')).toBe(false);
    expect(await storage.exists('user-2/b.txt')).toBe(false);
    expect(await storage.exists('user-3/c.txt')).toBe(true);
    await storage.deleteAllOf('user-without-files');
  });

  it('lists stored files in a steady order with their times, from where a listing stopped', async () => {
    const keys = ['list-a/1.txt', 'list-a/2.txt', 'list-b/1.txt'];
    for (const key of keys) await storage.put(key, Buffer.from(key));
    const listed = async (startAfter?: string) => {
      const files = [];
      for await (const file of storage.list({ startAfter })) {
        if (file.key.startsWith('list-')) files.push(file);
      }
      return files;
    };
    const all = await listed();
    expect(all.map((file) => file.key)).toEqual(keys);
    for (const file of all) expect(Math.abs(file.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect((await listed('list-a/1.txt')).map((file) => file.key)).toEqual(['list-a/2.txt', 'list-b/1.txt']);
    expect((await listed('list-a/2.txt')).map((file) => file.key)).toEqual(['list-b/1.txt']);
    expect(await listed('list-b/1.txt')).toEqual([]);
  });

  it('refuses keys that could reach outside its root', async () => {
    for (const key of ['../secret', 'user-1/../../secret', '/etc/passwd', '.partial/x', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('invalid storage key');
      await expect(storage.get(key), key).rejects.toThrow('invalid storage key');
    }
    for (const userId of ['..', 'a/b', '']) {
      await expect(storage.deleteAllOf(userId), userId).rejects.toThrow(/invalid/);
    }
  });
});
