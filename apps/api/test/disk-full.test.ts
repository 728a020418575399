import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config/env';
import { openPglite } from '../src/db/client';
import { findDataDirProblem } from '../src/db/data-dir-lock';
import { multipartBody } from './support/multipart';
import { createTestApp, signUp, type TestApp } from './support/test-app';

/**
 * A full (or read-only) disk under the data is the operator's to fix and passes once they do: writes
 * answer 503 in the one error shape, never a 500, and reads go on. /dev/full gives the kernel's own
 * ENOSPC without filling a real disk.
 */
describe.runIf(existsSync('/dev/full'))('a full disk', () => {
  let t: TestApp;
  let token: string;
  let noteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await signUp(t)).accessToken;
    const note = await t.request({
      method: 'POST',
      url: '/api/v1/notes',
      token,
      payload: { title: 'Scans' },
    });
    noteId = note.json().id;
  });
  afterAll(() => t.close());

  const upload = () =>
    t.request({
      method: 'POST',
      url: '/api/v1/attachments',
      token,
      ...multipartBody({ fields: { noteId }, file: { name: 'scan.txt', content: Buffer.from('a scan') } }),
    });

  it('answers an upload 503 while the disk is full, and takes it once there is room', async () => {
    const { put } = t.storage;
    t.storage.put = async () => {
      await writeFile('/dev/full', 'no room');
      throw new Error('unreachable: /dev/full took a write');
    };
    try {
      const refused = await upload();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        error: 'The server cannot store data right now; try again later',
        code: 'SERVICE_UNAVAILABLE',
      });
      const read = await t.request({ method: 'GET', url: `/api/v1/attachments?noteId=${noteId}`, token });
      expect(read.statusCode).toBe(200);
      expect(read.json().items).toEqual([]);
    } finally {
      t.storage.put = put;
    }
    expect((await upload()).statusCode).toBe(201);
  });
});

describe('the data directory check at start', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'cairn-data-dir-check-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('passes a writable directory with room and leaves nothing behind', async () => {
    expect(await findDataDirProblem(directory, { minFreeBytes: 1024 })).toBeUndefined();
    expect(await findDataDirProblem(path.join(directory, 'new'), { minFreeBytes: 0 })).toBeUndefined();
  });

  it('names the directory and the problem when there is too little room', async () => {
    const problem = await findDataDirProblem(directory, { minFreeBytes: Number.MAX_SAFE_INTEGER });
    expect(problem).toMatch(
      new RegExp(
        `^The data directory ${directory} is nearly full \\(\\d+ MB free, Cairn needs \\d+ MB to run\\)`,
      ),
    );
    expect(problem).not.toContain('\n');
  });
});

describe('the embedded database on a nearly full disk', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'cairn-disk-guard-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('refuses writes with 503 below the reserve and goes on reading', async () => {
    const database = await openPglite({ dataDir: directory });
    await database.migrate();
    // A reserve larger than any disk: always below it.
    const app = await buildApp({
      config: parseConfig({ DATA_DIR: directory, AUTH_RATE_LIMIT_MAX: '10000' }),
      database,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      logger: false,
      diskSpaceGuard: { minFreeBytes: Number.MAX_SAFE_INTEGER },
    });
    try {
      const signUp = await app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: { username: 'fulldisk', email: 'fulldisk@example.com', password: 'Reliable-pass1' },
      });
      expect(signUp.statusCode).toBe(503);
      expect(signUp.json()).toEqual({
        error: 'The server cannot store data right now; try again later',
        code: 'SERVICE_UNAVAILABLE',
      });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
