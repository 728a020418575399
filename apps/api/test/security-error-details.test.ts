import { once } from 'node:events';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { createSmtpMailer } from '../src/lib/mailer';
import { buildTestApp, createTestApp, type TestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

describe('a 503 after the verification mail failed', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await closedPort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    t = await createTestApp({
      env: { SMTP_URL: smtpUrl },
      mailer: createSmtpMailer({ smtpUrl, from: 'Cairn <no-reply@cairn.test>' }),
    });
  });
  afterAll(() => t.close());

  it('says what happened and nothing about the mail server', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/auth/signup',
      payload: { username: 'mailless', email: 'mailless@example.com', password: 'Mail-less1!' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'The verification e-mail could not be sent, please try again later',
      code: 'SERVICE_UNAVAILABLE',
    });
    for (const internal of ['ECONNREFUSED', '127.0.0.1', String(port), 'connect', 'smtp', 'SMTP']) {
      expect(response.body).not.toContain(internal);
    }
  });
});

describe('a 500', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp({ database });
    // A route that fails the way a bug would, registered before the app is ready.
    app.get('/test-only/explode', async () => {
      throw Object.assign(new Error('connection to db.internal:5432 failed for password=hunter2'), {
        detail: 'internal detail',
        code: 'XX000',
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('shows only the generic message, never the error behind it', async () => {
    const response = await app.inject({ method: 'GET', url: '/test-only/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL_ERROR' });
    for (const internal of ['hunter2', 'db.internal', 'internal detail', 'XX000', 'at ']) {
      expect(response.body).not.toContain(internal);
    }
  });
});
