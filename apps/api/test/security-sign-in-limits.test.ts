import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures } from '../src/modules/auth/auth.table';
import { createTestApp, signUp, type TestApp } from './support/test-app';

const MINUTE = 60_000;

const signIn = (t: TestApp, username: string, password: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/auth/token', payload: { username, password }, headers });

describe('the per-address limit', () => {
  let direct: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
    // The test requests come from 127.0.0.1, which plays the reverse proxy here.
    behindProxy = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  it('counts the connecting address, whatever X-Forwarded-For a client sends', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await signIn(direct, `guess-${index}`, 'Guess-pass1', {
        'x-forwarded-for': `203.0.113.${index}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('counts the connecting address on sign-up too', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      const response = await direct.request({
        method: 'POST',
        url: '/auth/signup',
        payload: { username: '', email: 'no', password: 'x' },
        headers: { 'x-forwarded-for': `198.51.100.${index}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    for (let index = 0; index < 5; index++) {
      const response = await signIn(behindProxy, `spread-${index}`, 'Guess-pass1', {
        'x-forwarded-for': `203.0.113.${index}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const statuses: number[] = [];
    for (let index = 0; index < 4; index++) {
      const response = await signIn(behindProxy, `same-${index}`, 'Guess-pass1', {
        'x-forwarded-for': '192.0.2.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('the per-account limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const failFiveTimes = async (username: string) => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await signIn(t, username, 'Wrong-guess1!');
      expect(response.statusCode).toBe(401);
    }
  };

  it('locks an account for 15 minutes after 5 failures in a row, even for the right password', async () => {
    const ann = await signUp(t);
    await failFiveTimes(ann.username);
    const locked = await signIn(t, ann.username, ann.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      error: 'Too many failed attempts, try again in 15 minutes',
    });
    // The e-mail address is the same account.
    expect((await signIn(t, ann.email, ann.password)).json().code).toBe('TOO_MANY_ATTEMPTS');
    t.clock.advance(14 * MINUTE);
    expect((await signIn(t, ann.username, ann.password)).json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      error: 'Too many failed attempts, try again in 1 minute',
    });
    t.clock.advance(MINUTE);
    expect((await signIn(t, ann.username, ann.password)).statusCode).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    const bob = await signUp(t);
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await signIn(t, bob.username, 'Wrong-guess1!')).statusCode).toBe(401);
      }
      expect((await signIn(t, bob.username, bob.password)).statusCode).toBe(200);
    }
  });

  it('forgets failures older than the window', async () => {
    const cleo = await signUp(t);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(t, cleo.username, 'Wrong-guess1!');
    t.clock.advance(16 * MINUTE);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signIn(t, cleo.username, 'Wrong-guess1!')).statusCode).toBe(401);
    }
    expect((await signIn(t, cleo.username, cleo.password)).statusCode).toBe(200);
  });

  it('answers a name without an account exactly like an account, so it reveals nothing', async () => {
    const dana = await signUp(t);
    await failFiveTimes(dana.username);
    await failFiveTimes('nobody-by-this-name');
    const existing = await signIn(t, dana.username, 'Wrong-guess1!');
    const missing = await signIn(t, 'nobody-by-this-name', 'Wrong-guess1!');
    expect(existing.statusCode).toBe(429);
    expect(missing.statusCode).toBe(429);
    expect(missing.json()).toEqual(existing.json());
  });

  it('cannot be outrun by guesses sent all at once', async () => {
    const emil = await signUp(t);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => signIn(t, emil.username, 'Wrong-guess1!')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('keeps no more rows for unknown names than the current window holds', async () => {
    for (let index = 0; index < 12; index++) await signIn(t, `stranger-${index}`, 'Wrong-guess1!');
    const rows = () => t.database.db.select().from(authFailures);
    expect((await rows()).length).toBeGreaterThanOrEqual(12);
    t.clock.advance(16 * MINUTE);
    await signIn(t, 'one-more-stranger', 'Wrong-guess1!');
    expect(await rows()).toHaveLength(1);
    // Names are kept hashed: people type their password into the name field.
    expect(JSON.stringify(await rows())).not.toContain('one-more-stranger');
  });
});

describe('the per-account limit with several API processes', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp({ database: first.database });
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it('is shared through the database', async () => {
    const fay = await signUp(first);
    for (let attempt = 0; attempt < 5; attempt++) {
      const process = attempt % 2 === 0 ? first : second;
      expect((await signIn(process, fay.username, 'Wrong-guess1!')).statusCode).toBe(401);
    }
    expect((await signIn(second, fay.username, fay.password)).json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await signIn(first, fay.username, fay.password)).json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('the current-password checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const changePassword = (token: string, currentPassword: string) =>
    t.request({
      method: 'POST',
      url: '/api/v1/users/me/password',
      token,
      payload: { currentPassword, newPassword: 'Brand-New-Pass1!' },
    });
  const deleteAccount = (token: string, password: string) =>
    t.request({ method: 'DELETE', url: '/api/v1/users/me', token, payload: { password } });

  it('share the account limit, so a stolen access token cannot guess the password', async () => {
    const gus = await signUp(t);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await changePassword(gus.accessToken, 'Wrong-guess1!')).json().code).toBe('WRONG_PASSWORD');
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await deleteAccount(gus.accessToken, 'Wrong-guess1!')).json().code).toBe('WRONG_PASSWORD');
    }
    const change = await changePassword(gus.accessToken, gus.password);
    expect(change.statusCode).toBe(429);
    expect(change.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await deleteAccount(gus.accessToken, gus.password)).statusCode).toBe(429);
    expect((await signIn(t, gus.username, gus.password)).statusCode).toBe(429);

    t.clock.advance(15 * MINUTE);
    // The access token has expired meanwhile; sign in again and the right password works.
    const signedIn = await signIn(t, gus.username, gus.password);
    expect(signedIn.statusCode).toBe(200);
    expect((await changePassword(signedIn.json().accessToken.token, gus.password)).statusCode).toBe(204);
  });
});
