import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeEnvelope } from '../src/modules/client-errors/sentry-envelope';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
});
afterAll(() => t.close());

describe('health', () => {
  it('reports the app and the database', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'ok', driver: process.env.DATABASE_URL ? 'postgres' : 'pglite' },
    });
  });
});

describe('OpenAPI', () => {
  it('documents every route from the contracts', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/auth/signup',
      '/auth/token',
      '/auth/token/refresh',
      '/api/v1/users/me',
      '/api/v1/task-manager-config',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    const signup = document.paths['/auth/signup'].post;
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
    expect(JSON.stringify(signup.requestBody)).toContain('password');
  });

  it('serves a browsable reference', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs' });
    const page =
      response.statusCode === 302
        ? await t.request({ method: 'GET', url: response.headers.location as string })
        : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('security headers', () => {
  it('forbid inline script and framing', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allow the configured origin only', async () => {
    const allowed = await t.request({
      method: 'OPTIONS',
      url: '/auth/token',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const other = await t.request({
      method: 'OPTIONS',
      url: '/auth/token',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('slow down password guessing on the auth endpoints', async () => {
    const attempt = () =>
      t.request({
        method: 'POST',
        url: '/auth/token',
        payload: { username: 'guess', password: 'Guess-pass1' },
      });
    for (let index = 0; index < 3; index++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('error reports from the web app', () => {
  const envelope = [
    JSON.stringify({ event_id: 'abc', dsn: 'http://cairn@localhost:3000/1' }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({
      exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
      request: { url: 'http://localhost:3000/profile' },
      release: '1.0.0',
    }),
  ].join('\n');

  it('are read from a Sentry envelope', () => {
    expect(summarizeEnvelope(envelope)).toEqual([
      {
        type: 'TypeError',
        message: 'x is undefined',
        url: 'http://localhost:3000/profile',
        release: '1.0.0',
      },
    ]);
    expect(summarizeEnvelope('garbage\n{"type":"event"}\nnot json')).toEqual([]);
  });

  it('are accepted the way the Sentry SDK sends them', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/1/envelope/?sentry_key=cairn&sentry_version=7',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: envelope,
    });
    expect(response.statusCode).toBe(200);
  });
});
