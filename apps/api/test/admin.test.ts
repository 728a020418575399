import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config/env';
import { queryRows } from '../src/db/client';
import { multipartBody } from './support/multipart';
import { loadOpenApi } from './support/openapi-document';
import { createTestApp, signUp, type TestApp } from './support/test-app';

type SignedUp = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let admin: SignedUp;
let alice: SignedUp;
let bob: SignedUp;
const ids = new Map<string, string>();

async function me(token: string) {
  return (await t.request({ method: 'GET', url: '/api/v1/users/me', token })).json();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { username: `boss${process.pid}` });
  alice = await signUp(t, { username: `alice_${process.pid}`, email: `alice.${process.pid}@example.com` });
  bob = await signUp(t, { username: `bob%${process.pid}`, email: `bob.${process.pid}@example.org` });
  for (const user of [admin, alice, bob]) ids.set(user.username, (await me(user.accessToken)).id);
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object, token = admin.accessToken) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

describe('the first account', () => {
  it('is the instance’s admin; the accounts after it are not', async () => {
    expect((await me(admin.accessToken)).isAdmin).toBe(true);
    expect((await me(alice.accessToken)).isAdmin).toBe(false);
    expect((await me(bob.accessToken)).isAdmin).toBe(false);
  });

  it('is one account only, when several sign up at the same moment', async () => {
    const fresh = await createTestApp();
    try {
      await Promise.all(Array.from({ length: 6 }, () => signUp(fresh)));
      const rows = await queryRows<{ admins: number; accounts: number }>(
        fresh.database.db,
        sql`select count(*) filter (where is_admin)::int as admins, count(*)::int as accounts from users`,
      );
      expect(rows[0]).toEqual({ admins: 1, accounts: 6 });
    } finally {
      await fresh.close();
    }
  });
});

describe('DEFAULT_PLAN', () => {
  it('gives every new account the plan, free unless set', async () => {
    expect((await me(alice.accessToken)).plan).toBe('free');
    const premium = await createTestApp({ env: { DEFAULT_PLAN: 'premium' } });
    try {
      const first = await signUp(premium);
      const second = await signUp(premium);
      const plans = await Promise.all(
        [first, second].map(async (user) =>
          (await premium.request({ method: 'GET', url: '/api/v1/users/me', token: user.accessToken })).json(),
        ),
      );
      expect(plans.map((user) => user.plan)).toEqual(['premium', 'premium']);
    } finally {
      await premium.close();
    }
  });

  it('refuses anything but free or premium at boot, by name', () => {
    expect(() => parseConfig({ DEFAULT_PLAN: 'gold' })).toThrow(ConfigError);
    expect(() => parseConfig({ DEFAULT_PLAN: 'gold' })).toThrow(/DEFAULT_PLAN: expected free or premium/);
  });
});

describe('/api/v1/admin', () => {
  it('answers every other user exactly as a missing route, before reading the request, and 401 signed out', async () => {
    const { operations } = await loadOpenApi(t);
    const adminOperations = operations.filter((operation) => operation.path.startsWith('/api/v1/admin/'));
    expect(adminOperations.map((operation) => operation.name)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/users',
        'GET /api/v1/admin/users/{id}',
        'PATCH /api/v1/admin/users/{id}',
        'GET /api/v1/admin/client-errors',
        'GET /api/v1/admin/jobs',
      ]),
    );
    const missing = await t.request({
      method: 'GET',
      url: '/api/v1/no-such-route',
      token: alice.accessToken,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'GET /api/v1/no-such-route not found', code: 'NOT_FOUND' });
    const before = await queryRows(t.database.db, sql`select * from users order by id`);
    for (const operation of adminOperations) {
      const url = operation.path.replace('{id}', ids.get(bob.username) ?? '');
      // A body the route would refuse (400) if it were reachable: it is not even read.
      for (const payload of [undefined, { isAdmin: true }, { nonsense: 1 }]) {
        const response = await t.request({
          method: operation.method,
          url,
          token: alice.accessToken,
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, operation.name).toBe(404);
        expect(response.json(), operation.name).toEqual({
          error: `${operation.method} ${url} not found`,
          code: 'NOT_FOUND',
        });
      }
      const signedOut = await t.request({ method: operation.method, url });
      expect(signedOut.statusCode, operation.name).toBe(401);
    }
    expect(await queryRows(t.database.db, sql`select * from users order by id`)).toEqual(before);
  });

  it('lists every account newest first, with search, total, storage and pages', async () => {
    // A 12-byte text file on one of Alice's notes.
    const note = await t.request({
      method: 'POST',
      url: '/api/v1/notes',
      token: alice.accessToken,
      payload: { title: 'with a file' },
    });
    const upload = await t.request({
      method: 'POST',
      url: '/api/v1/attachments',
      token: alice.accessToken,
      ...multipartBody({
        fields: { noteId: note.json().id },
        file: { name: 'a.txt', content: Buffer.from('hello, world'), type: 'text/plain' },
      }),
    });
    expect(upload.statusCode).toBe(201);

    const all = await asAdmin('GET', '/admin/users');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((user: { username: string }) => user.username)).toEqual([
      bob.username,
      alice.username,
      admin.username,
    ]);
    const aliceRow = all.json().items[1];
    expect(aliceRow).toEqual({
      id: ids.get(alice.username),
      username: alice.username,
      email: alice.email,
      isAdmin: false,
      plan: 'free',
      verifiedAt: null,
      disabledAt: null,
      createdAt: expect.any(String),
      storageBytes: 12,
    });
    expect(JSON.stringify(all.json())).not.toMatch(/password|argon/i);

    // Two pages of two and one, by cursor, the same rows in the same order.
    const first = (await asAdmin('GET', '/admin/users?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(3);
    const second = (await asAdmin('GET', `/admin/users?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items]).toEqual(all.json().items);

    // Any case, username or e-mail; % and _ are only themselves.
    const byEmail = (await asAdmin('GET', '/admin/users?search=EXAMPLE.ORG')).json();
    expect(byEmail.items.map((user: { username: string }) => user.username)).toEqual([bob.username]);
    expect(byEmail.total).toBe(1);
    const percent = (await asAdmin('GET', `/admin/users?search=${encodeURIComponent('%')}`)).json();
    expect(percent.items.map((user: { username: string }) => user.username)).toEqual([bob.username]);
    const underscore = (await asAdmin('GET', '/admin/users?search=_')).json();
    expect(underscore.items.map((user: { username: string }) => user.username)).toEqual([alice.username]);
    const none = (await asAdmin('GET', '/admin/users?search=nobody-like-this')).json();
    expect(none).toEqual({ items: [], nextCursor: null, total: 0 });

    const forged = await asAdmin('GET', '/admin/users?cursor=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('VALIDATION_FAILED');
  });

  it('shows one account, and 404 for one that does not exist', async () => {
    const one = await asAdmin('GET', `/admin/users/${ids.get(bob.username)}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ username: bob.username, isAdmin: false, storageBytes: 0 });
    const missing = await asAdmin('GET', '/admin/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const bad = await asAdmin('GET', '/admin/users/not-an-id');
    expect(bad.statusCode).toBe(400);
  });

  it('sets a plan, which the user sees at once', async () => {
    const set = await asAdmin('PATCH', `/admin/users/${ids.get(bob.username)}`, { plan: 'premium' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ plan: 'premium' });
    expect((await me(bob.accessToken)).plan).toBe('premium');
    const back = await asAdmin('PATCH', `/admin/users/${ids.get(bob.username)}`, { plan: 'free' });
    expect(back.json().plan).toBe('free');
    const refused = await asAdmin('PATCH', `/admin/users/${ids.get(bob.username)}`, { plan: 'gold' });
    expect(refused.statusCode).toBe(400);
    const empty = await asAdmin('PATCH', `/admin/users/${ids.get(bob.username)}`, {});
    expect(empty.statusCode).toBe(400);
    expect((await me(bob.accessToken)).plan).toBe('free');
  });

  it('disables an account: its tokens stop at once, sign-in and refresh say why, and enabling lets it back in', async () => {
    const victim = await signUp(t);
    const victimId = (await me(victim.accessToken)).id;
    const disabled = await asAdmin('PATCH', `/admin/users/${victimId}`, { isDisabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().disabledAt).toEqual(t.clock.now().toISOString());

    const next = await t.request({ method: 'GET', url: '/api/v1/users/me', token: victim.accessToken });
    expect(next.statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: victim.username, password: victim.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: 'This account has been disabled', code: 'ACCOUNT_DISABLED' });
    // A wrong password learns nothing about the account.
    const wrong = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: victim.username, password: 'Wrong-Horse1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    const refresh = await t.request({
      method: 'POST',
      url: '/auth/token/refresh',
      payload: { refreshToken: victim.refreshToken },
    });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().code).toBe('ACCOUNT_DISABLED');

    const enabled = await asAdmin('PATCH', `/admin/users/${victimId}`, { isDisabled: false });
    expect(enabled.json().disabledAt).toBeNull();
    const again = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: victim.username, password: victim.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().accessToken.token)).username).toBe(victim.username);
  });

  it('refuses to let an admin disable themselves or give up their own role, changing nothing', async () => {
    const adminId = ids.get(admin.username);
    for (const payload of [{ isDisabled: true }, { isAdmin: false }, { isAdmin: false, plan: 'premium' }]) {
      const response = await asAdmin('PATCH', `/admin/users/${adminId}`, payload);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        error: expect.stringMatching(/administrator/),
      });
    }
    expect(await me(admin.accessToken)).toMatchObject({ isAdmin: true, plan: 'free' });
    // Still signed in: nothing was revoked.
    expect((await asAdmin('GET', '/admin/users')).statusCode).toBe(200);
    // Changing their own plan is fine.
    expect((await asAdmin('PATCH', `/admin/users/${adminId}`, { plan: 'free' })).statusCode).toBe(200);
  });

  it('makes another account admin, who then reaches the admin routes, and takes it back', async () => {
    const bobId = ids.get(bob.username);
    const made = await asAdmin('PATCH', `/admin/users/${bobId}`, { isAdmin: true });
    expect(made.json().isAdmin).toBe(true);
    expect((await asAdmin('GET', '/admin/users', undefined, bob.accessToken)).statusCode).toBe(200);
    const taken = await asAdmin('PATCH', `/admin/users/${bobId}`, { isAdmin: false });
    expect(taken.json().isAdmin).toBe(false);
    expect((await asAdmin('GET', '/admin/users', undefined, bob.accessToken)).statusCode).toBe(404);
  });
});
