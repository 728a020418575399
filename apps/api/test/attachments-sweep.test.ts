import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { attachmentJobDefinitions, ORPHAN_GRACE_MS } from '../src/modules/attachments/attachments.jobs';
import type { JobDefinition } from '../src/modules/jobs/job-runner';
import { multipartBody } from './support/multipart';
import { startS3Server, type TestS3Server } from './support/s3-server';
import { createTestApp, signUp, type TestApp } from './support/test-app';

/**
 * The daily sweep of attachment files no row names, once per storage driver. The handler is run
 * directly with the app's context; file ages are set against the test clock: on disk by changing the
 * files' modification times, on S3 (whose server sets LastModified) by moving the clock instead.
 */

const MINUTE = 60 * 1000;

describe.each(['disk', 's3'] as const)('orphan attachment sweep on %s storage', (driver) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let userId: string;
  let namedKey: string;
  const logged: { details: object; message: string }[] = [];
  const log = {
    info: (details: object, message: string) => logged.push({ details, message }),
    warn() {},
    error() {},
  };

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3Server();
    t = await createTestApp(s3 ? { s3 } : {});
    const user = await signUp(t);
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', token: user.accessToken });
    userId = me.json().id;
    const note = await t.request({
      method: 'POST',
      url: '/api/v1/notes',
      token: user.accessToken,
      payload: { title: 'With a file' },
    });
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/v1/attachments',
      token: user.accessToken,
      ...multipartBody({
        fields: { noteId: note.json().id },
        file: { name: 'kept.txt', content: Buffer.from('a file its row names') },
      }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    namedKey = `${userId}/${uploaded.json().fileName}`;
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  async function storedKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const file of t.storage.list()) keys.push(file.key);
    return keys;
  }

  /** Makes the files `ageMs` old by the test clock (the newest of them, on S3). */
  async function age(keys: string[], ageMs: number): Promise<void> {
    if (t.attachmentsRoot) {
      const at = new Date(t.clock.now().getTime() - ageMs);
      for (const key of keys) await utimes(path.join(t.attachmentsRoot, ...key.split('/')), at, at);
      return;
    }
    let newest = 0;
    for await (const file of t.storage.list()) {
      if (keys.includes(file.key)) newest = Math.max(newest, file.modifiedAt.getTime());
    }
    t.clock.set(new Date(newest + ageMs));
  }

  async function runSweep(definition: JobDefinition, payload: Record<string, unknown> = {}) {
    const job = { id: randomUUID(), name: definition.name, payload, attempts: 1, runAt: t.clock.now() };
    await definition.handler(job, t.app.ctx);
    return job.id;
  }

  const sweepDefinition = (filesPerRun?: number) => {
    const [definition] = attachmentJobDefinitions({ log, filesPerRun });
    if (!definition) throw new Error('no sweep job');
    return definition;
  };

  it('is a daily job with retries', () => {
    expect(sweepDefinition()).toMatchObject({
      name: 'attachments:sweep-orphans',
      schedule: { cron: '37 3 * * *' },
      maxAttempts: 3,
    });
  });

  it('removes a file no row names once it is older than the grace period, and keeps named files', async () => {
    const orphan = `${userId}/${randomUUID()}.txt`;
    const otherUsersOrphan = `${randomUUID()}/${randomUUID()}`;
    await t.storage.put(orphan, Buffer.from('left by a failed upload'));
    await t.storage.put(otherUsersOrphan, Buffer.from('left by a failed purge'));

    // Just inside the grace: possibly an upload whose row is about to be written.
    await age([orphan, otherUsersOrphan, namedKey], ORPHAN_GRACE_MS - MINUTE);
    logged.length = 0;
    await runSweep(sweepDefinition());
    expect(await storedKeys()).toEqual(expect.arrayContaining([orphan, otherUsersOrphan, namedKey]));
    expect(logged).toEqual([]);

    await age([orphan, otherUsersOrphan, namedKey], ORPHAN_GRACE_MS + MINUTE);
    await runSweep(sweepDefinition());
    const keys = await storedKeys();
    expect(keys).not.toContain(orphan);
    expect(keys).not.toContain(otherUsersOrphan);
    expect(keys).toContain(namedKey);
    expect(logged).toEqual([
      { details: expect.objectContaining({ removed: 2 }), message: 'removed attachment files no row names' },
    ]);

    // The named file is still served.
    expect(await t.storage.exists(namedKey)).toBe(true);
  });

  // On S3 a file's time comes from the server, so two files there cannot be given different ages.
  if (driver === 'disk') {
    it('keeps a fresh file while removing an old one in the same run', async () => {
      const old = `${userId}/${randomUUID()}.bin`;
      const fresh = `${userId}/${randomUUID()}.bin`;
      await t.storage.put(old, Buffer.from('old'));
      await t.storage.put(fresh, Buffer.from('fresh'));
      await age([old], ORPHAN_GRACE_MS + MINUTE);
      await age([fresh], 5 * MINUTE);

      await runSweep(sweepDefinition());
      const keys = await storedKeys();
      expect(keys).not.toContain(old);
      expect(keys).toContain(fresh);
      await t.storage.delete(fresh);
    });
  }

  it('goes on after the last file it checked when a run stops at its limit', async () => {
    const orphans = [1, 2, 3, 4, 5].map(() => `${userId}/${randomUUID()}.txt`);
    for (const key of orphans) await t.storage.put(key, Buffer.from(key));
    await age([...orphans, namedKey], ORPHAN_GRACE_MS + MINUTE);

    const definition = sweepDefinition(2);
    let payload: Record<string, unknown> = {};
    let runs = 0;
    for (;;) {
      const jobId = await runSweep(definition, payload);
      runs += 1;
      const [next] = await queryRows<{ payload: Record<string, unknown> }>(
        t.database.db,
        sql`select payload from jobs where dedupe_key = ${`attachments:sweep-orphans:after:${jobId}`}`,
      );
      if (!next) break;
      expect(next.payload.startAfter).toEqual(expect.any(String));
      payload = next.payload;
      if (runs > 10) throw new Error('the sweep never finished');
    }
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(await storedKeys()).toEqual([namedKey]);
  });

  if (driver === 'disk') {
    it('leaves unfinished uploads in the temporary folder alone', async () => {
      const root = t.attachmentsRoot as string;
      const partial = path.join(root, '.partial', `${randomUUID()}.partial`);
      await mkdir(path.dirname(partial), { recursive: true });
      await writeFile(partial, 'half an upload');
      const longAgo = new Date(t.clock.now().getTime() - 10 * ORPHAN_GRACE_MS);
      await utimes(partial, longAgo, longAgo);

      await runSweep(sweepDefinition());
      expect(await readdir(path.dirname(partial))).toContain(path.basename(partial));
      expect(await storedKeys()).not.toContain(expect.stringContaining('.partial'));
    });
  }
});
