import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { buildTestApp } from './support/test-app';
import { createTestDatabase } from './support/test-database';

/** The real app writing its log into an array, as the server would write it to stdout. */
const logLines: string[] = [];
let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp({ database, logLines, env: { AUTH_RATE_LIMIT_MAX: '10000' } });
  await app.ready();
  // A rule the app does not know about makes the next insert fail with a plain database error.
  await database.db.execute(
    sql`alter table users add constraint users_refuse_doomed check (lower(username) <> 'doomed')`,
  );
});
afterAll(async () => {
  await app.close();
  await database.close();
});
beforeEach(() => {
  logLines.length = 0;
});

const log = () => logLines.join('\n');
const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

async function signUp(name: string, password: string) {
  const response = await post('/auth/signup', { username: name, email: `${name}@example.com`, password });
  expect(response.statusCode).toBe(201);
  return response.json() as { accessToken: { token: string }; refreshToken: { token: string } };
}

describe('the log', () => {
  it('keeps a failed query without its parameters: no password hash, no e-mail address', async () => {
    const response = await post('/auth/signup', {
      username: 'doomed',
      email: 'doomed-owner@example.com',
      password: 'Doomed-Secret1!',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side', code: 'INTERNAL_ERROR' });

    const text = log();
    expect(text).toContain('request failed');
    // What an operator needs to find the cause stays.
    expect(text).toContain('users_refuse_doomed');
    expect(text).toContain('23514');
    expect(text).toContain('insert into');
    for (const secret of ['$argon2id$', 'Doomed-Secret1!', 'doomed-owner@example.com', 'Failing row']) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps no password, identifier or token of a failed sign-in', async () => {
    const tokens = await signUp('loggedann', 'Logged-Ann1!');
    logLines.length = 0;
    const wrong = await post(
      '/auth/token',
      { username: 'loggedann', password: 'Wrong-Guess1!' },
      { authorization: `Bearer ${tokens.accessToken.token}`, cookie: `refresh=${tokens.refreshToken.token}` },
    );
    expect(wrong.statusCode).toBe(401);
    const replay = await post('/auth/token/refresh', { refreshToken: 'garbage-token' });
    expect(replay.statusCode).toBe(401);

    const text = log();
    expect(text).toContain('Invalid credentials');
    for (const secret of [
      'Wrong-Guess1!',
      'Logged-Ann1!',
      'loggedann',
      tokens.accessToken.token,
      tokens.refreshToken.token,
      'garbage-token',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps no identifier of a sign-in whose query fails', async () => {
    await signUp('brokenbob', 'Broken-Bob1!');
    await database.db.execute(sql`alter table users rename column email to email_moved`);
    try {
      logLines.length = 0;
      const response = await post('/auth/token', { username: 'brokenbob', password: 'Broken-Bob1!' });
      expect(response.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`alter table users rename column email_moved to email`);
    }
    const text = log();
    expect(text).toContain('request failed');
    expect(text).toContain('42703');
    expect(text).not.toContain('brokenbob');
    expect(text).not.toContain('Broken-Bob1!');
  });

  it('redacts credentials and tokens in anything logged, at any depth the app logs them', () => {
    app.log.info(
      {
        password: 'Top-Level-Secret1',
        body: { password: 'Body-Secret1', currentPassword: 'Old-Secret1', refreshToken: 'refresh-secret' },
        user: { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc' },
        req: { headers: { authorization: 'Bearer header-secret', cookie: 'session=cookie-secret' } },
        err: { params: ['param-secret'] },
      },
      'something happened',
    );
    const text = log();
    expect(text).toContain('something happened');
    expect(text).toContain('[redacted]');
    for (const secret of [
      'Top-Level-Secret1',
      'Body-Secret1',
      'Old-Secret1',
      'refresh-secret',
      '$argon2id$',
      'header-secret',
      'cookie-secret',
      'param-secret',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
