import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// Long enough that the JSON compression (over 1 KB) would also kick in if it handled these files.
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const page = '<!doctype html><html><body><div id="root"></div></body></html>';

let dir: string;
let api: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), page);
  await writeFile(path.join(dir, 'assets', 'foo-abc123.js'), script);
  // Different bodies from what compressing the file would give, so the test sees which file was sent.
  await writeFile(path.join(dir, 'assets', 'foo-abc123.js.br'), brotliCompressSync(`${script}// br`));
  await writeFile(path.join(dir, 'assets', 'foo-abc123.js.gz'), gzipSync(`${script}// gz`));
  await writeFile(path.join(dir, 'assets', 'plain-abc123.css'), 'body{margin:0}');
  api = await createTestApp({ env: { WEB_DIST_DIR: dir } });
});

afterAll(async () => {
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

const getAsset = (url: string, acceptEncoding?: string) =>
  api.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('precompressed web assets', () => {
  it('sends the brotli file when the browser accepts brotli, even listed after gzip', async () => {
    const response = await getAsset('/assets/foo-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${script}// br`);
  });

  it('sends the gzip file when the browser accepts only gzip', async () => {
    const response = await getAsset('/assets/foo-abc123.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(response.rawPayload).toString()).toBe(`${script}// gz`);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await getAsset('/assets/foo-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.payload).toBe(script);
    }
  });

  it('falls back to the plain file when no compressed copy exists', async () => {
    const response = await getAsset('/assets/plain-abc123.css', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    // The response compression may still encode the stream on the fly.
    const body =
      response.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(response.rawPayload).toString()
        : response.payload;
    expect(body).toBe('body{margin:0}');
  });

  it('still answers pages with index.html that is never cached', async () => {
    const response = await getAsset('/login', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.payload).toBe(page);
  });

  it('answers a missing asset with the error shape', async () => {
    const response = await getAsset('/assets/gone-123.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
