import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t)).accessToken;
});
afterAll(() => t.close());

const expectErrorShape = (body: unknown) => {
  expect(body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
};

const countUsers = async () =>
  (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from users`))[0]
    ?.count;

describe('bad input gets a 4xx in the error shape, never a 5xx', () => {
  it.each([
    ['wrong types', { username: 42, email: true, password: ['x'] }, 'VALIDATION_FAILED'],
    ['missing fields', {}, 'VALIDATION_FAILED'],
    [
      'unknown fields',
      { username: 'u1', email: 'u1@example.com', password: 'Str0ng!pass', isAdmin: true },
      'VALIDATION_FAILED',
    ],
    ['null body', null, 'VALIDATION_FAILED'],
    ['an array', [1, 2], 'VALIDATION_FAILED'],
  ])('%s', async (_name, payload, code) => {
    const before = await countUsers();
    const response = await t.request({
      method: 'POST',
      url: '/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json());
    expect(response.json().code).toBe(code);
    expect(await countUsers()).toBe(before);
  });

  it('names the unknown field', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      token,
      payload: { plan: 'premium' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].message).toContain('plan');
  });

  it('malformed JSON', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "ann", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MALFORMED_JSON' });
  });

  it('an empty JSON body', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json());
  });

  it('an oversized body', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(400_000), email: 'a@b.co', password: 'Str0ng!pass' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a body that is not JSON', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it.each(['Mars/Olympus', '', 'UTC; drop table users'])('a bad time-zone header %j', async (zone) => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      token,
      headers: { 'x-timezone': zone },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TIMEZONE');
  });

  it('a good time-zone header passes', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/v1/users/me',
      token,
      headers: { 'x-timezone': 'America/Los_Angeles' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('an unknown API path answers 404 in the error shape', async () => {
    for (const url of ['/api/v1/nothing-here', '/auth/nothing', '/api/v2/users/me']) {
      const response = await t.request({ method: 'GET', url, token });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('an unsupported method answers 404, not 500', async () => {
    const response = await t.request({ method: 'PUT', url: '/api/v1/users/me', token, payload: {} });
    expect(response.statusCode).toBe(404);
    expectErrorShape(response.json());
  });
});
