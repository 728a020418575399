import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { createTestDatabase } from './support/test-database';

type LogLine = { level: number; msg: string; reqId?: string; req?: { url: string } };

const lines: LogLine[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let app: FastifyInstance;
let database: Database;

async function createWebBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

async function buildLoggingApp(level: string): Promise<FastifyInstance> {
  const config = parseConfig({
    DATA_DIR: '/nonexistent-cairn-test-dir',
    WEB_DIST_DIR: await createWebBuild(),
    LOG_LEVEL: level,
  });
  return buildApp({
    config,
    database,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    logger: { level, stream },
  });
}

const requestLinesFor = (url: string) =>
  lines.filter((line) => line.req?.url === url || line.reqId === idOf(url));
const idOf = (url: string) => lines.find((line) => line.req?.url === url)?.reqId;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildLoggingApp('info');
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  lines.length = 0;
});

describe('request logging at the default level', () => {
  it('logs API calls with their request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const apiLines = lines.filter((line) => line.reqId === idOf('/api/health'));
    expect(apiLines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(apiLines[0]?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs an unknown API path too', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(requestLinesFor('/api/v1/no-such-thing').map((line) => line.msg)).toContain('incoming request');
  });

  it('does not log static files, page loads or missing assets', async () => {
    for (const url of ['/assets/index-abc123.js', '/favicon.svg', '/login', '/', '/assets/gone-123.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(url.includes('gone') ? 404 : 200);
    }
    expect(lines).toEqual([]);
  });
});

describe('request logging at debug level', () => {
  it('still logs every request', async () => {
    const debugApp = await buildLoggingApp('debug');
    try {
      await debugApp.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(requestLinesFor('/assets/index-abc123.js').map((line) => line.msg)).toContain(
        'incoming request',
      );
    } finally {
      await debugApp.close();
    }
  });
});
