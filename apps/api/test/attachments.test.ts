import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ATTACHMENT_MAX_BYTES } from '@cairn/contracts/attachments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countNoteAttachments } from '../src/modules/attachments/attachment-counts';
import { multipartBody } from './support/multipart';
import { startS3Server, type TestS3Server } from './support/s3-server';
import { createTestApp, signUp, type TestApp } from './support/test-app';

/**
 * Attachments end to end, once per storage driver: the data directory, and an S3-compatible server
 * (s3rver) running on loopback. What is stored is checked in the storage itself, not through the API.
 */

/** The smallest valid PNG: a 1×1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]+)?$/;

type Driver = 'disk' | 's3';

describe.each<Driver>(['disk', 's3'])('attachments on %s storage', (driver) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let s3Client: S3Client | undefined;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    if (driver === 's3') {
      s3 = await startS3Server();
      s3Client = new S3Client({
        endpoint: s3.env.S3_ENDPOINT,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
    }
    t = await createTestApp(s3 ? { s3 } : {});
    ({ token, userId } = await signUpUser());
  });
  afterAll(async () => {
    await t.close();
    s3Client?.destroy();
    await s3?.close();
  });

  async function signUpUser() {
    const user = await signUp(t);
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', token: user.accessToken });
    return { token: user.accessToken, userId: me.json().id as string };
  }

  /** Every stored object's key ("<userId>/<name>"), unfinished disk writes included (under .partial/). */
  async function storedKeys(): Promise<string[]> {
    if (t.attachmentsRoot) {
      const root = t.attachmentsRoot;
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .sort();
    }
    const listed = await s3Client?.send(new ListObjectsV2Command({ Bucket: s3?.env.S3_BUCKET }));
    return (listed?.Contents ?? []).map((object) => object.Key ?? '').sort();
  }

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as = token) =>
    t.request({
      method,
      url: `/api/v1${url}`,
      token: as,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function createTask(as = token, body: Record<string, unknown> = { title: 'With files' }) {
    const response = await call('POST', '/tasks', body, as);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  async function createNote(as = token) {
    const response = await call('POST', '/notes', { title: 'With files' }, as);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  function upload(
    fields: Record<string, string>,
    file: { name: string; content: Buffer; type?: string } | undefined,
    as = token,
  ) {
    return t.request({
      method: 'POST',
      url: '/api/v1/attachments',
      token: as,
      ...multipartBody({ fields, file }),
    });
  }

  async function usage(as = token) {
    return (await call('GET', '/attachments/usage', undefined, as)).json() as {
      usedBytes: number;
      attachmentsCount: number;
    };
  }

  it('stores a file under a generated name, lists it and serves it back', async () => {
    const taskId = await createTask();
    const response = await upload({ taskId }, { name: 'pixel.png', content: PNG, type: 'image/png' });
    expect(response.statusCode, response.body).toBe(201);
    const attachment = response.json();
    expect(attachment).toMatchObject({
      taskId,
      noteId: null,
      originalFileName: 'pixel.png',
      mimeType: 'image/png',
      fileSize: PNG.length,
      url: `/api/v1/attachments/${attachment.id}/content`,
    });
    expect(attachment.fileName).toBe(`${attachment.id}.png`);
    expect(await storedKeys()).toContain(`${userId}/${attachment.fileName}`);

    const list = await call('GET', `/attachments?taskId=${taskId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([attachment]);

    const content = await t.request({ method: 'GET', url: attachment.url, token });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(PNG)).toBe(true);
    expect(content.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'content-disposition': `inline; filename="pixel.png"; filename*=UTF-8''pixel.png`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-cache',
    });
    expect(String(content.headers['content-security-policy'])).toMatch(/^sandbox\b/);
  });

  it('reads the type from the content, not from what the client claims', async () => {
    const taskId = await createTask();
    const png = (await upload({ taskId }, { name: 'notes.txt', content: PNG, type: 'text/plain' })).json();
    expect(png).toMatchObject({ mimeType: 'image/png', originalFileName: 'notes.txt' });
    expect(png.fileName).toBe(`${png.id}.png`);

    const text = (
      await upload(
        { taskId },
        { name: 'photo.png', content: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' },
      )
    ).json();
    expect(text).toMatchObject({ mimeType: 'text/plain', originalFileName: 'photo.png' });
    expect(text.fileName).toBe(`${text.id}.txt`);
    const download = await t.request({ method: 'GET', url: text.url, token });
    expect(download.headers['content-type']).toBe('text/plain');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const binary = (
      await upload({ taskId }, { name: 'blob.png', content: Buffer.from([0, 1, 2, 3, 254, 255]) })
    ).json();
    expect(binary).toMatchObject({ mimeType: 'application/octet-stream', fileName: binary.id });
    const pdf = (
      await upload(
        { taskId },
        { name: 'doc', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') },
      )
    ).json();
    expect(pdf).toMatchObject({ mimeType: 'application/pdf', fileName: `${pdf.id}.pdf` });
    expect((await t.request({ method: 'GET', url: pdf.url, token })).headers['content-disposition']).toMatch(
      /^inline;/,
    );
  });

  it(`accepts exactly ${ATTACHMENT_MAX_BYTES} bytes and refuses one more with 413, keeping nothing`, async () => {
    const taskId = await createTask();
    const exact = await upload({ taskId }, { name: 'max.bin', content: randomBytes(ATTACHMENT_MAX_BYTES) });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().fileSize).toBe(ATTACHMENT_MAX_BYTES);

    const keysBefore = await storedKeys();
    const usageBefore = await usage();
    const over = await upload(
      { taskId },
      { name: 'over.bin', content: randomBytes(ATTACHMENT_MAX_BYTES + 1) },
    );
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: expect.any(String) });
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await usage()).toEqual(usageBefore);
    expect((await call('GET', `/attachments?taskId=${taskId}`)).json().items).toHaveLength(1);
  });

  it('keeps hostile file names for display only, with a safe Content-Disposition', async () => {
    const taskId = await createTask();
    const names = [
      '../../../etc/passwd',
      '..\\..\\windows\\system.ini',
      '...',
      '.',
      `${'x'.repeat(296)}.txt`,
      'naïve café 東京 "quoted" ;name=x.txt',
      "it's (really) *50%* done.txt",
      '/absolute/path.txt',
    ];
    for (const name of names) {
      const response = await upload({ taskId }, { name, content: Buffer.from('hello') });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      const attachment = response.json();
      expect(attachment.originalFileName).toBe(name);
      expect(attachment.fileName).toMatch(UUID_NAME);
      const download = await t.request({ method: 'GET', url: attachment.url, token });
      const disposition = String(download.headers['content-disposition']);
      // One header line: an ASCII fallback without quotes or backslashes, and the exact name encoded.
      expect(disposition).toMatch(
        /^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/,
      );
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(name);
    }
    const withNul = await upload({ taskId }, { name: 'a\u0000b.txt', content: Buffer.from('hello') });
    expect(withNul.statusCode, withNul.body).toBe(201);
    expect(withNul.json().originalFileName).toBe('ab.txt');
    // Nothing was written outside the user's folder, and only under generated names.
    for (const key of await storedKeys()) {
      const [owner, name, ...rest] = key.split('/');
      expect(rest, key).toEqual([]);
      expect(owner, key).toMatch(/^[0-9a-f-]{36}$/);
      expect(name, key).toMatch(UUID_NAME);
    }
  });

  it('refuses bad forms in the error shape and keeps nothing', async () => {
    const taskId = await createTask();
    const noteId = await createNote();
    const keysBefore = await storedKeys();
    const file = { name: 'a.txt', content: Buffer.from('hello') };
    const cases = [
      { name: 'no owner', response: await upload({}, file), status: 400 },
      { name: 'both owners', response: await upload({ taskId, noteId }, file), status: 400 },
      { name: 'a bad id', response: await upload({ taskId: 'nope' }, file), status: 400 },
      { name: 'an unknown field', response: await upload({ taskId, extra: 'x' }, file), status: 400 },
      { name: 'no file', response: await upload({ taskId }, undefined), status: 400 },
      {
        name: 'an empty file',
        response: await upload({ taskId }, { name: 'e.txt', content: Buffer.alloc(0) }),
        status: 400,
      },
      {
        name: 'JSON',
        response: await t.request({ method: 'POST', url: '/api/v1/attachments', token, payload: { taskId } }),
        status: 415,
      },
    ];
    for (const { name, response, status } of cases) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(typeof response.json().error, name).toBe('string');
      expect(typeof response.json().code, name).toBe('string');
    }
    // Fields after the file cannot steer it: refused like a form without an owner.
    const boundary = 'cairn-late-field';
    const late = Buffer.concat([
      multipartBody({ file, boundary }).payload.subarray(0, -`--${boundary}--\r\n`.length),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="taskId"\r\n\r\n${taskId}\r\n--${boundary}--\r\n`,
      ),
    ]);
    const lateResponse = await t.request({
      method: 'POST',
      url: '/api/v1/attachments',
      token,
      payload: late,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(lateResponse.statusCode).toBe(400);
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it('attaches to notes too, and refuses notes and tasks in the trash until restored', async () => {
    const noteId = await createNote();
    const onNote = await upload({ noteId }, { name: 'n.txt', content: Buffer.from('note file') });
    expect(onNote.statusCode, onNote.body).toBe(201);
    expect(onNote.json()).toMatchObject({ noteId, taskId: null });
    expect((await call('GET', `/attachments?noteId=${noteId}`)).json().items).toEqual([onNote.json()]);

    const taskId = await createTask();
    expect((await call('DELETE', `/tasks/${taskId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/notes/${noteId}`)).statusCode).toBe(204);
    const keysBefore = await storedKeys();
    for (const fields of [{ taskId }, { noteId }] as Record<string, string>[]) {
      const response = await upload(fields, { name: 'late.txt', content: Buffer.from('too late') });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        error: expect.stringContaining('restore it first'),
      });
    }
    expect(await storedKeys()).toEqual(keysBefore);
    // What is in the trash can still be listed and read.
    expect((await call('GET', `/attachments?noteId=${noteId}`)).json().items).toHaveLength(1);
  });

  it("answers 404 for another user's files, notes and tasks on every route, changing nothing", async () => {
    const taskId = await createTask();
    const noteId = await createNote();
    const mine = (await upload({ taskId }, { name: 'mine.txt', content: Buffer.from('secret') })).json();
    const intruder = await signUpUser();
    const keysBefore = await storedKeys();

    const responses = [
      await upload({ taskId }, { name: 'x.txt', content: Buffer.from('x') }, intruder.token),
      await upload({ noteId }, { name: 'x.txt', content: Buffer.from('x') }, intruder.token),
      await call('GET', `/attachments?taskId=${taskId}`, undefined, intruder.token),
      await call('GET', `/attachments?noteId=${noteId}`, undefined, intruder.token),
      await call('GET', `/attachments/${mine.id}/content`, undefined, intruder.token),
      await call('DELETE', `/attachments/${mine.id}`, undefined, intruder.token),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
      expect(response.body).not.toContain('secret');
    }
    expect(await storedKeys()).toEqual(keysBefore);
    expect(await usage(intruder.token)).toEqual({ usedBytes: 0, attachmentsCount: 0 });
    expect((await call('GET', mine.url.replace('/api/v1', ''))).statusCode).toBe(200);
  });

  it('deletes the row and the file', async () => {
    const taskId = await createTask();
    const attachment = (await upload({ taskId }, { name: 'gone.txt', content: Buffer.from('bye') })).json();
    const key = `${userId}/${attachment.fileName}`;
    expect(await storedKeys()).toContain(key);
    expect((await call('DELETE', `/attachments/${attachment.id}`)).statusCode).toBe(204);
    expect(await storedKeys()).not.toContain(key);
    expect((await call('GET', `/attachments?taskId=${taskId}`)).json().items).toEqual([]);
    expect((await call('DELETE', `/attachments/${attachment.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/attachments/${attachment.id}/content`)).statusCode).toBe(404);
  });

  it("removes the files of purged tasks (subtasks' too) and notes", async () => {
    const parentId = await createTask();
    const childId = await createTask(token, { title: 'Subtask', parentId });
    const trashId = await createTask();
    const noteId = await createNote();
    const keyOf = async (fields: Record<string, string>) =>
      `${userId}/${(await upload(fields, { name: 'f.txt', content: Buffer.from('file') })).json().fileName}`;
    const parentKey = await keyOf({ taskId: parentId });
    const childKey = await keyOf({ taskId: childId });
    const trashKey = await keyOf({ taskId: trashId });
    const noteKey = await keyOf({ noteId });
    const keep = await keyOf({ taskId: await createTask() });

    expect((await call('DELETE', `/tasks/${parentId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/tasks/${parentId}/permanent`)).statusCode).toBe(204);
    let keys = await storedKeys();
    expect(keys).not.toContain(parentKey);
    expect(keys).not.toContain(childKey);
    expect(keys).toContain(trashKey);

    expect((await call('DELETE', `/tasks/${trashId}`)).statusCode).toBe(204);
    expect((await call('DELETE', '/tasks/trash')).statusCode).toBe(200);
    expect((await call('DELETE', `/notes/${noteId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/notes/${noteId}/permanent`)).statusCode).toBe(204);
    keys = await storedKeys();
    expect(keys).not.toContain(trashKey);
    expect(keys).not.toContain(noteKey);
    expect(keys).toContain(keep);
  });

  it('counts the attachments of a page of notes, for their listings', async () => {
    const [first, second, empty] = [await createNote(), await createNote(), await createNote()];
    for (const noteId of [first, first, second])
      await upload({ noteId }, { name: 'n.txt', content: Buffer.from('n') });
    const counts = await countNoteAttachments(t.app.ctx, { userId, noteIds: [first, second, empty] });
    expect(Object.fromEntries(counts)).toEqual({ [first]: 2, [second]: 1 });
    const intruder = await signUpUser();
    expect((await countNoteAttachments(t.app.ctx, { userId: intruder.userId, noteIds: [first] })).size).toBe(
      0,
    );
  });

  it("counts the user's storage", async () => {
    const user = await signUpUser();
    const taskId = await createTask(user.token);
    expect(await usage(user.token)).toEqual({ usedBytes: 0, attachmentsCount: 0 });
    await upload({ taskId }, { name: 'a.png', content: PNG }, user.token);
    const second = (
      await upload({ taskId }, { name: 'b.txt', content: Buffer.from('12345') }, user.token)
    ).json();
    expect(await usage(user.token)).toEqual({ usedBytes: PNG.length + 5, attachmentsCount: 2 });
    await call('DELETE', `/attachments/${second.id}`, undefined, user.token);
    expect(await usage(user.token)).toEqual({ usedBytes: PNG.length, attachmentsCount: 1 });
  });

  it("removes every file of a deleted account and no one else's", async () => {
    const user = await signUp(t);
    const taskId = await createTask(user.accessToken);
    const attachment = (
      await upload({ taskId }, { name: 'a.txt', content: Buffer.from('x') }, user.accessToken)
    ).json();
    const others = (await storedKeys()).filter((key) => !key.endsWith(attachment.fileName));
    expect(others.length).toBeGreaterThan(0);
    const deleted = await t.request({
      method: 'DELETE',
      url: '/api/v1/users/me',
      token: user.accessToken,
      payload: { password: user.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await storedKeys()).toEqual(others);
  });

  describe('over a real connection', () => {
    let baseUrl: URL;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      baseUrl = new URL(`http://127.0.0.1:${port}`);
    });

    /** Polls until `check` holds (the server notices a dropped connection on its own time). */
    async function eventually(check: () => Promise<boolean>, what: string) {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if (await check()) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`never happened: ${what}`);
    }

    it('keeps no row and no file of an upload cut off half way', async () => {
      const taskId = await createTask();
      const keysBefore = await storedKeys();
      const usageBefore = await usage();
      const { payload, headers } = multipartBody({
        fields: { taskId },
        file: { name: 'cut.bin', content: randomBytes(2 * 1024 * 1024) },
      });
      const socket = net.connect(Number(baseUrl.port), baseUrl.hostname);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/v1/attachments HTTP/1.1\r\nHost: ${baseUrl.host}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, payload.length / 2));
      // Let the server start storing the file, then drop the connection.
      await eventually(async () => {
        const partial = (await storedKeys()).filter((key) => !keysBefore.includes(key));
        return driver === 's3' || partial.length > 0;
      }, 'the upload started');
      socket.destroy();
      await eventually(
        async () => JSON.stringify(await storedKeys()) === JSON.stringify(keysBefore),
        'the partial file was removed',
      );
      // Still nothing a moment later, and no row.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await storedKeys()).toEqual(keysBefore);
      expect(await usage()).toEqual(usageBefore);
    });

    it('answers 413 to a body declared too large before it has been sent', async () => {
      const taskId = await createTask();
      const keysBefore = await storedKeys();
      const head = multipartBody({
        fields: { taskId },
        file: { name: 'huge.bin', content: Buffer.alloc(0) },
      });
      const start = head.payload.subarray(
        0,
        head.payload.indexOf('\r\n\r\n', head.payload.indexOf('filename')) + 4,
      );
      const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          new URL('/api/v1/attachments', baseUrl),
          {
            method: 'POST',
            headers: {
              ...head.headers,
              authorization: `Bearer ${token}`,
              'content-length': String(100 * 1024 * 1024),
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk) => {
              body += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        // Only the start of the 100 MB is ever sent.
        request.write(start);
        request.write(Buffer.alloc(64 * 1024));
      });
      expect(status.status).toBe(413);
      expect(JSON.parse(status.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(await storedKeys()).toEqual(keysBefore);
    });

    it('answers 413 once a body of unknown length passes the limit, without waiting for its end', async () => {
      const taskId = await createTask();
      const keysBefore = await storedKeys();
      const head = multipartBody({
        fields: { taskId },
        file: { name: 'endless.bin', content: Buffer.alloc(0) },
      });
      const start = head.payload.subarray(
        0,
        head.payload.indexOf('\r\n\r\n', head.payload.indexOf('filename')) + 4,
      );
      const answer = await new Promise<{ status: number; connection: string | undefined }>(
        (resolve, reject) => {
          const request = http.request(new URL('/api/v1/attachments', baseUrl), {
            method: 'POST',
            // Chunked: the server cannot know the size up front.
            headers: { ...head.headers, authorization: `Bearer ${token}`, 'transfer-encoding': 'chunked' },
          });
          request.on('response', (response) => {
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
            response.resume();
            request.destroy();
          });
          // Writing fails once the server has answered and closed the connection.
          request.on('error', (error: NodeJS.ErrnoException) => {
            if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
          });
          request.write(start);
          // 6 MB, never followed by the end of the form: only the limit can stop it.
          for (let sent = 0; sent < 6 * 1024 * 1024; sent += 64 * 1024) request.write(randomBytes(64 * 1024));
        },
      );
      expect(answer).toEqual({ status: 413, connection: 'close' });
      await eventually(
        async () => JSON.stringify(await storedKeys()) === JSON.stringify(keysBefore),
        'the partial file was removed',
      );
    });
  });
});
