import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../lib/storage/file-storage';
import { createLocalDiskStorage } from '../lib/storage/local-disk-storage';
import { errorsPlugin } from './errors';
import { receiveFile, uploadsPlugin } from './uploads';

let app: FastifyInstance;
let root: string;
let storage: FileStorage;
const MAX = 1000;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cairn-uploads-'));
  storage = createLocalDiskStorage(root);
  app = Fastify();
  await app.register(errorsPlugin);
  await app.register(async (uploads) => {
    await uploads.register(uploadsPlugin);
    uploads.post('/upload', (request) =>
      receiveFile(request, {
        maxBytes: MAX,
        store: async (upload) => ({
          ...(await storage.put('user-1/file', upload.stream)),
          filename: upload.filename,
          mimetype: upload.mimetype,
          ...(Object.keys(upload.fields).length > 0 ? { fields: upload.fields } : {}),
        }),
      }),
    );
  });
  app.post('/json-only', () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

function multipartBody(files: { name: string; content: Buffer }[]) {
  const boundary = '----cairn-test-boundary';
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: text/plain\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('uploads', () => {
  it('stream a file within the limit into storage', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipartBody([{ name: 'notes.txt', content: Buffer.alloc(MAX, 'a') }]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ size: MAX, filename: 'notes.txt', mimetype: 'text/plain' });
    expect(await storage.exists('user-1/file')).toBe(true);
  });

  it('answer 413 for a file past the limit and keep nothing of it', async () => {
    await storage.delete('user-1/file');
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipartBody([{ name: 'big.txt', content: Buffer.alloc(MAX + 1, 'a') }]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await storage.exists('user-1/file')).toBe(false);
    expect(await readdir(path.join(root, '.partial'))).toEqual([]);
  });

  it('refuse a request without a file or with two', async () => {
    const none = await app.inject({ method: 'POST', url: '/upload', ...multipartBody([]) });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const content = Buffer.from('x');
    const two = await app.inject({
      method: 'POST',
      url: '/upload',
      ...multipartBody([
        { name: 'a.txt', content },
        { name: 'b.txt', content },
      ]),
    });
    expect(two.statusCode).toBeLessThan(500);
  });

  it('hand over the fields sent before the file, not those after it', async () => {
    const boundary = 'cairn-fields';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.from(
      field('noteId', 'before') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nx\r\n` +
        field('taskId', 'after') +
        `--${boundary}--\r\n`,
    );
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ size: 1, fields: { noteId: 'before' } });
    expect(response.json().fields).not.toHaveProperty('taskId');
  });

  it('answer 400 in the error shape for a body that ends in the middle of the file', async () => {
    const { payload, headers } = multipartBody([{ name: 'cut.txt', content: Buffer.alloc(500, 'a') }]);
    const response = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: payload.subarray(0, 300),
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: expect.any(String) });
  });

  it('leave routes outside the upload scope refusing multipart bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/json-only',
      ...multipartBody([{ name: 'a.txt', content: Buffer.from('x') }]),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
