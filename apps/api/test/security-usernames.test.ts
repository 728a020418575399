import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords';
import { users } from '../src/modules/users/users.table';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (username: string, password: string) =>
  t.request({ method: 'POST', url: '/auth/token', payload: { username, password } });
const me = (token: string) => t.request({ method: 'GET', url: '/api/v1/users/me', token });

const atSignIssue = expect.objectContaining({
  path: ['body', 'username'],
  message: 'Username cannot contain "@"',
});

describe('usernames', () => {
  it('cannot look like an e-mail address at sign-up', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/auth/signup',
      payload: { username: 'future@example.com', email: 'squatter@example.com', password: 'Squat-ter1!' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().issues).toContainEqual(atSignIssue);
    // Nothing was created: the real owner of the address can still sign up and sign in with it.
    const owner = await signUp(t, { email: 'future@example.com' });
    expect((await signIn('future@example.com', owner.password)).statusCode).toBe(200);
  });

  it('cannot be changed to look like an e-mail address', async () => {
    const ann = await signUp(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      token: ann.accessToken,
      payload: { username: 'someone@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual(atSignIssue);
    expect((await me(ann.accessToken)).json().username).toBe(ann.username);
  });
});

describe('sign-in by an identifier', () => {
  it('reads one with "@" as an e-mail address only, whatever other rows exist', async () => {
    // An account from before the rule, whose username is somebody else's address.
    await t.database.db.insert(users).values({
      username: 'victim@example.com',
      email: 'squatter-old@example.com',
      password: await hashPassword('Squatter-Pass1!'),
    });
    const owner = await signUp(t, { email: 'Victim@Example.com' });
    for (const identifier of ['victim@example.com', 'VICTIM@example.COM']) {
      const response = await signIn(identifier, owner.password);
      expect(response.statusCode).toBe(200);
      expect((await me(response.json().accessToken.token)).json().username).toBe(owner.username);
    }
    // And the squatter's name is no way into anybody's account.
    expect((await signIn('victim@example.com', 'Squatter-Pass1!')).statusCode).toBe(401);
  });

  it('reads one without "@" as a username only', async () => {
    const bob = await signUp(t, { username: 'plainbob' });
    const response = await signIn('PLAINBOB', bob.password);
    expect(response.statusCode).toBe(200);
    expect((await me(response.json().accessToken.token)).json().username).toBe('plainbob');
  });
});
