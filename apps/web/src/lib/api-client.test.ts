import { TIMEZONE_HEADER } from '@cairn/contracts/common';
import { userSchema } from '@cairn/contracts/users';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, noContentSchema } from './api-client';
import {
  ACCESS_TOKEN_COOKIE,
  clearTokens,
  getAccessToken,
  getRefreshToken,
  REFRESH_TOKEN_COOKIE,
} from './auth-tokens';
import { HttpError, SessionEndedError } from './errors';
import { type SessionEndReason, setSessionEndHandler } from './session';

const user = {
  id: '0190a5c4-1111-7000-8000-000000000001',
  username: 'ada',
  email: 'ada@example.com',
  isAdmin: false,
  plan: 'free',
  currency: 'USD',
  timezone: 'Europe/Warsaw',
  verifiedAt: null,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function tokenPair(access: string, refresh: string) {
  const expiresAt = new Date(Date.now() + 60_000).toISOString();
  return { accessToken: { token: access, expiresAt }, refreshToken: { token: refresh, expiresAt } };
}

function setCookies(tokens: { access?: string; refresh?: string }) {
  if (tokens.access) Cookies.set(ACCESS_TOKEN_COOKIE, tokens.access, { path: '/' });
  if (tokens.refresh) Cookies.set(REFRESH_TOKEN_COOKIE, tokens.refresh, { path: '/' });
}

/** A fake API: `users/me` accepts only `validToken`; refresh answers with `refreshAnswer`. */
function fakeApi(options: { validToken: string; refreshAnswer: () => Response | Promise<Response> }) {
  const calls: { path: string; authorization: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path: url.pathname, authorization: headers.get('Authorization'), body });
    if (url.pathname === '/auth/token/refresh') return options.refreshAnswer();
    if (headers.get('Authorization') === `Bearer ${options.validToken}`) return json(200, user);
    return json(401, { error: 'Your session timed out', code: 'ACCESS_TOKEN_EXPIRED' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('apiRequest', () => {
  const sessionEnds: SessionEndReason[] = [];

  beforeEach(() => {
    sessionEnds.length = 0;
    setSessionEndHandler((reason) => {
      sessionEnds.push(reason);
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    clearTokens();
    setSessionEndHandler(undefined);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the bearer token and time zone, and revives dates in the parsed response', async () => {
    setCookies({ access: 'good', refresh: 'r1' });
    const fetchMock = vi.fn(async () => json(200, user));
    vi.stubGlobal('fetch', fetchMock);

    const result = await apiRequest('/api/v1/users/me', { schema: userSchema });

    expect(result.createdAt).toEqual(new Date('2025-01-02T03:04:05.000Z'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/api/v1/users/me');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer good');
    expect(headers.get(TIMEZONE_HEADER)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('refreshes once for many requests that met an expired token, and retries each with the new one', async () => {
    setCookies({ access: 'expired', refresh: 'r1' });
    let releaseRefresh = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const calls = fakeApi({
      validToken: 'fresh',
      refreshAnswer: async () => {
        await refreshGate;
        return json(200, tokenPair('fresh', 'r2'));
      },
    });

    const requests = Array.from({ length: 5 }, () => apiRequest('/api/v1/users/me', { schema: userSchema }));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.path === '/auth/token/refresh')).toHaveLength(1),
    );
    releaseRefresh();
    const results = await Promise.all(requests);

    expect(results.map((result) => result.username)).toEqual(['ada', 'ada', 'ada', 'ada', 'ada']);
    expect(calls.filter((call) => call.path === '/auth/token/refresh')).toEqual([
      { path: '/auth/token/refresh', authorization: null, body: { refreshToken: 'r1' } },
    ]);
    const retries = calls.filter((call) => call.authorization === 'Bearer fresh');
    expect(retries).toHaveLength(5);
    expect(getAccessToken()).toBe('fresh');
    expect(getRefreshToken()).toBe('r2');
    expect(sessionEnds).toEqual([]);
  });

  it('retries with a token another request already refreshed, without a second refresh', async () => {
    setCookies({ access: 'expired', refresh: 'r1' });
    const calls = fakeApi({ validToken: 'fresh', refreshAnswer: () => json(200, tokenPair('fresh', 'r2')) });

    await apiRequest('/api/v1/users/me', { schema: userSchema });
    // A request that went out with the old token comes back after the refresh finished.
    setCookies({ access: 'fresh' });
    await apiRequest('/api/v1/users/me', { schema: userSchema });

    expect(calls.filter((call) => call.path === '/auth/token/refresh')).toHaveLength(1);
  });

  it.each([
    [
      'the refresh is answered 401',
      () => json(401, { error: 'Invalid refresh token', code: 'INVALID_REFRESH_TOKEN' }),
    ],
    ['the refresh is answered 403', () => json(403, { error: 'Forbidden', code: 'UNAUTHORIZED' })],
  ])('logs out when %s', async (_case, refreshAnswer) => {
    setCookies({ access: 'expired', refresh: 'r1' });
    fakeApi({ validToken: 'fresh', refreshAnswer });

    await expect(apiRequest('/api/v1/users/me', { schema: userSchema })).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(sessionEnds).toEqual(['expired']);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
  });

  it('logs out when there is no refresh token', async () => {
    setCookies({ access: 'expired' });
    const calls = fakeApi({ validToken: 'fresh', refreshAnswer: () => json(200, tokenPair('fresh', 'r2')) });

    await expect(apiRequest('/api/v1/users/me', { schema: userSchema })).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(sessionEnds).toEqual(['expired']);
    expect(calls.some((call) => call.path === '/auth/token/refresh')).toBe(false);
  });

  it('passes other refresh failures on without logging out', async () => {
    setCookies({ access: 'expired', refresh: 'r1' });
    fakeApi({
      validToken: 'fresh',
      refreshAnswer: () => json(503, { error: 'Down', code: 'SERVICE_UNAVAILABLE' }),
    });

    const error = await apiRequest('/api/v1/users/me', { schema: userSchema }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503 });
    expect(sessionEnds).toEqual([]);
    expect(getRefreshToken()).toBe('r1');
  });

  // The messages are reworded on purpose: the client branches on the codes alone.
  it.each([
    ['INVALID_TOKEN', 'This token is no good'],
    ['UNAUTHORIZED', 'Please sign in'],
  ])('clears both tokens and logs out on 401 %s', async (code, text) => {
    setCookies({ access: 'bad', refresh: 'r1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: text, code })),
    );

    await expect(apiRequest('/api/v1/tasks', { schema: userSchema })).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(sessionEnds).toEqual(['expired']);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
  });

  it('passes a 401 with another code on as an HTTP error, keeping the session', async () => {
    setCookies({ access: 'good', refresh: 'r1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: 'Access token expired', code: 'WRONG_PASSWORD' })),
    );

    await expect(apiRequest('/api/v1/users/me/password', { schema: userSchema })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(sessionEnds).toEqual([]);
    expect(getAccessToken()).toBe('good');
  });

  it('logs out on a 403 from a call that marks the session as gone (users/me)', async () => {
    setCookies({ access: 'good', refresh: 'r1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { error: 'Forbidden', code: 'UNAUTHORIZED' })),
    );

    await expect(
      apiRequest('/api/v1/users/me', { schema: userSchema, endsSessionOnAuthFailure: true }),
    ).rejects.toBeInstanceOf(SessionEndedError);
    expect(sessionEnds).toEqual(['expired']);
  });

  it('passes a 403 from other calls on as an HTTP error', async () => {
    setCookies({ access: 'good', refresh: 'r1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { error: 'Not yours', code: 'UNAUTHORIZED' })),
    );

    await expect(apiRequest('/api/v1/notes', { schema: userSchema })).rejects.toBeInstanceOf(HttpError);
    expect(sessionEnds).toEqual([]);
  });

  it('rejects with an HTTP error that keeps the whole answer, fields beyond the error ones included', async () => {
    setCookies({ access: 'good', refresh: 'r1' });
    const conflict = {
      error: 'The note was changed elsewhere',
      code: 'CONFLICT',
      current: { title: 'Trip', updatedAt: '2026-11-25T11:00:00.000Z' },
    };
    const fetchMock = vi.fn(async () => json(409, conflict));
    vi.stubGlobal('fetch', fetchMock);

    const failure = await apiRequest('/api/v1/notes/1', {
      method: 'PATCH',
      body: {},
      schema: userSchema,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    // As it came (dates still text): reviving them is up to whoever reads the extra fields.
    expect(failure).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: conflict.error,
      responseBody: conflict,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a response that breaks its contract and still returns the data', async () => {
    setCookies({ access: 'good', refresh: 'r1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...user, plan: 'platinum' })),
    );

    const result = await apiRequest('/api/v1/users/me', { schema: userSchema });

    expect(result.plan).toBe('platinum');
    expect(result.createdAt).toBeInstanceOf(Date);
    expect(console.error).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'SchemaValidationError', message: expect.stringContaining('plan') }),
    );
  });

  it('waits for a schema that is still loading and checks the answer against it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...user, plan: 'platinum' })),
    );
    let resolveSchema: (schema: typeof userSchema) => void = () => {};
    const schema = new Promise<typeof userSchema>((resolve) => {
      resolveSchema = resolve;
    });

    const request = apiRequest('/api/v1/users/me', { schema, isAuthenticated: false });
    setTimeout(() => resolveSchema(userSchema), 10);
    const result = await request;

    expect(result.createdAt).toBeInstanceOf(Date);
    expect(console.error).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'SchemaValidationError', message: expect.stringContaining('plan') }),
    );
  });

  it('does not leave a failed schema load unhandled when the request fails first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: 'Boom', code: 'INTERNAL_ERROR' })),
    );
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const schema = Promise.reject<typeof userSchema>(new Error('chunk failed'));
      await expect(apiRequest('/auth/token', { schema, isAuthenticated: false })).rejects.toBeInstanceOf(
        HttpError,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('accepts an empty 204 answer and reports a body where none was expected', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequest('/api/v1/lists/1', { method: 'DELETE', schema: noContentSchema })).resolves.toBe(
      undefined,
    );
    expect(console.error).not.toHaveBeenCalled();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { unexpected: true })),
    );
    await apiRequest('/api/v1/lists/1', { method: 'DELETE', schema: noContentSchema });
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ name: 'SchemaValidationError' }));
  });
});
