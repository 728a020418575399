import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.request({ method: 'POST', url: '/auth/token/refresh', payload: { refreshToken } });
const me = (token: string) => t.request({ method: 'GET', url: '/api/v1/users/me', token });

type Pair = { accessToken: { token: string }; refreshToken: { token: string } };

async function expectWorking(pair: Pair) {
  expect((await me(pair.accessToken.token)).statusCode).toBe(200);
  expect((await refresh(pair.refreshToken.token)).statusCode).toBe(200);
}

describe('a refresh token sent twice', () => {
  it('at the same moment signs nobody out: both answers carry a working pair', async () => {
    const ann = await signUp(t);
    const [first, second] = await Promise.all([refresh(ann.refreshToken), refresh(ann.refreshToken)]);
    expect(first?.statusCode).toBe(200);
    expect(second?.statusCode).toBe(200);
    await expectWorking(first!.json());
    await expectWorking(second!.json());
  });

  it('within 10 seconds of its rotation gets a pair for the same session', async () => {
    const bob = await signUp(t);
    const rotated = (await refresh(bob.refreshToken)).json();
    t.clock.advance(9_000);
    const retried = await refresh(bob.refreshToken);
    expect(retried.statusCode).toBe(200);
    await expectWorking(rotated);
    await expectWorking(retried.json());
  });

  it('after 10 seconds is a copy: the whole session is revoked', async () => {
    const cleo = await signUp(t);
    const rotated = (await refresh(cleo.refreshToken)).json();
    t.clock.advance(11_000);
    const replay = await refresh(cleo.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_REFRESH_TOKEN');
    expect((await me(rotated.accessToken.token)).json()).toEqual({
      error: 'Invalid token',
      code: 'INVALID_TOKEN',
    });
    expect((await refresh(rotated.refreshToken.token)).statusCode).toBe(401);
  });

  it('after its successor was used in turn is a copy, even within 10 seconds', async () => {
    const dan = await signUp(t);
    const rotated = (await refresh(dan.refreshToken)).json();
    t.clock.advance(1_000);
    const next = await refresh(rotated.refreshToken.token);
    expect(next.statusCode).toBe(200);
    t.clock.advance(1_000);
    const replay = await refresh(dan.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect((await me(next.json().accessToken.token)).statusCode).toBe(401);
  });
});
