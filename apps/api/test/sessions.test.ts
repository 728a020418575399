import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

async function signIn(user: { username: string; password: string }, userAgent: string) {
  const response = await t.request({
    method: 'POST',
    url: '/auth/token',
    headers: { 'user-agent': userAgent },
    payload: { username: user.username, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return {
    accessToken: response.json().accessToken.token as string,
    refreshToken: response.json().refreshToken.token as string,
  };
}

const sessions = async (token: string) =>
  t.request({ method: 'GET', url: '/api/v1/users/me/sessions', token });

describe('/api/v1/users/me/sessions', () => {
  it('lists the live sessions, most recently used first, marking the current one', async () => {
    const user = await signUp(t);
    t.clock.advance(60_000);
    const laptop = await signIn(user, 'Laptop browser');
    t.clock.advance(60_000);
    const phone = await signIn(user, 'Phone browser');
    t.clock.advance(60_000);
    // The laptop refreshes: it is now the most recently used.
    const refreshed = await t.request({
      method: 'POST',
      url: '/auth/token/refresh',
      payload: { refreshToken: laptop.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);

    const response = await sessions(phone.accessToken);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as {
      userAgent: string | null;
      isCurrent: boolean;
      lastUsedAt: string;
    }[];
    expect(items.map((item) => [item.userAgent, item.isCurrent])).toEqual([
      ['Laptop browser', false],
      ['Phone browser', true],
      ['lightMyRequest', false],
    ]);
    expect(items[0]?.lastUsedAt).toBe(t.clock.now().toISOString());
    expect(Object.keys(items[0] ?? {}).sort()).toEqual([
      'createdAt',
      'id',
      'isCurrent',
      'lastUsedAt',
      'userAgent',
    ]);

    // A session logged out, and one unused for longer than a refresh token lives, are gone.
    await t.request({
      method: 'POST',
      url: '/auth/logout',
      payload: { refreshToken: refreshed.json().refreshToken.token },
    });
    expect((await sessions(phone.accessToken)).json().items).toHaveLength(2);
    t.clock.advance(t.config.refreshTokenTtlDays * DAY_MS);
    const fresh = await signIn(user, 'Tablet');
    expect(
      (await sessions(fresh.accessToken)).json().items.map((item: { userAgent: string }) => item.userAgent),
    ).toEqual(['Tablet']);
  });

  it('signs one device out: its token stops at its next request, the others stay', async () => {
    const user = await signUp(t);
    const other = await signIn(user, 'Other device');
    const listed = (await sessions(user.accessToken)).json().items as { id: string; isCurrent: boolean }[];
    const otherId = listed.find((item) => !item.isCurrent)?.id;
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/me/sessions/${otherId}`,
      token: user.accessToken,
    });
    expect(removed.statusCode).toBe(204);
    expect((await sessions(other.accessToken)).statusCode).toBe(401);
    expect((await sessions(user.accessToken)).statusCode).toBe(200);
    const refresh = await t.request({
      method: 'POST',
      url: '/auth/token/refresh',
      payload: { refreshToken: other.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // Already signed out: there is no such session any more.
    const again = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/me/sessions/${otherId}`,
      token: user.accessToken,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another user's session and changes nothing", async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const ownerSession = ((await sessions(owner.accessToken)).json().items as { id: string }[])[0]?.id;
    const response = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/me/sessions/${ownerSession}`,
      token: intruder.accessToken,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Session not found', code: 'NOT_FOUND' });
    expect((await sessions(owner.accessToken)).statusCode).toBe(200);
    const bad = await t.request({
      method: 'DELETE',
      url: '/api/v1/users/me/sessions/not-an-id',
      token: intruder.accessToken,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('signs out everywhere, this device included', async () => {
    const user = await signUp(t);
    const other = await signIn(user, 'Second');
    const bystander = await signUp(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/sessions/sign-out-everywhere',
      token: user.accessToken,
    });
    expect(response.statusCode).toBe(204);
    expect((await sessions(user.accessToken)).statusCode).toBe(401);
    expect((await sessions(other.accessToken)).statusCode).toBe(401);
    const refresh = await t.request({
      method: 'POST',
      url: '/auth/token/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await sessions(bystander.accessToken)).statusCode).toBe(200);
    // Signing in again works.
    const back = await signIn(user, 'Back');
    expect((await sessions(back.accessToken)).json().items).toHaveLength(1);
  });
});
