import { randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAfterStart } from '../src/modules/attachments/attachments.jobs';
import { multipartBody } from './support/multipart';
import { createTestApp, signUp, type TestApp } from './support/test-app';

/**
 * A server killed between storing an upload's file and recording it (or mid-write) leaves a file no
 * row names (or a half file under .partial). The next start removes what predates it, at once, instead
 * of keeping it until the daily sweep's hour of grace has passed.
 */
describe('attachment files left by a crash', () => {
  let t: TestApp;
  let userId: string;
  let namedFile: string;
  let root: string;

  beforeAll(async () => {
    t = await createTestApp();
    if (!t.attachmentsRoot) throw new Error('the test app keeps attachments on disk');
    root = t.attachmentsRoot;
    const user = await signUp(t);
    userId = (await t.request({ method: 'GET', url: '/api/v1/users/me', token: user.accessToken })).json().id;
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
    namedFile = uploaded.json().fileName;
  });
  afterAll(() => t.close());

  it('removes unrecorded and half-written files older than the start, and keeps the rest', async () => {
    const userDir = path.join(root, userId);
    const partialDir = path.join(root, '.partial');
    await mkdir(partialDir, { recursive: true });
    const [orphan, fresh, partial, freshPartial] = [
      `${randomUUID()}.bin`,
      `${randomUUID()}.bin`,
      `${randomUUID()}.partial`,
      `${randomUUID()}.partial`,
    ];
    await writeFile(path.join(userDir, orphan), 'stored, never recorded');
    await writeFile(path.join(userDir, fresh), 'an upload of the new process');
    await writeFile(path.join(partialDir, partial), 'half an upl');
    await writeFile(path.join(partialDir, freshPartial), 'an upload under way');
    const startedAt = new Date();
    const before = new Date(startedAt.getTime() - 60_000);
    const after = new Date(startedAt.getTime() + 60_000);
    for (const file of [
      path.join(userDir, orphan),
      path.join(partialDir, partial),
      path.join(userDir, namedFile),
    ]) {
      await utimes(file, before, before);
    }
    for (const file of [path.join(userDir, fresh), path.join(partialDir, freshPartial)]) {
      await utimes(file, after, after);
    }

    expect(await sweepAfterStart(t.app.ctx, { startedAt })).toMatchObject({ removed: 2 });

    expect((await readdir(userDir)).sort()).toEqual([fresh, namedFile].sort());
    expect(await readdir(partialDir)).toEqual([freshPartial]);
  });
});
