import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { getTaskManagerConfig } from '../src/modules/task-manager-config/task-manager-config.service';
import { resolveTimeZone } from '../src/modules/users/users.service';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('profile', () => {
  it('never exposes the password hash or tokens', async () => {
    // Not the instance's first account, which would be its admin.
    await signUp(t);
    const ann = await signUp(t);
    const body = (await t.request({ method: 'GET', url: '/api/v1/users/me', token: ann.accessToken })).json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'createdAt',
        'currency',
        'email',
        'id',
        'isAdmin',
        'plan',
        'timezone',
        'updatedAt',
        'username',
        'verifiedAt',
      ].sort(),
    );
    expect(body).toMatchObject({ currency: 'USD', timezone: 'UTC', isAdmin: false, plan: 'free' });
  });

  it('changes username, e-mail, currency and time zone', async () => {
    const ann = await signUp(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      token: ann.accessToken,
      payload: { username: `${ann.username}-new`, currency: 'PLN', timezone: 'Europe/Warsaw' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: `${ann.username}-new`,
      currency: 'PLN',
      timezone: 'Europe/Warsaw',
    });
  });

  it('refuses an unknown currency, a bad time zone and a taken username, changing nothing', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const attempts = [
      [{ currency: 'XYZ' }, 400, 'VALIDATION_FAILED'],
      [{ currency: 'usd' }, 400, 'VALIDATION_FAILED'],
      [{ timezone: 'Mars/Olympus' }, 400, 'VALIDATION_FAILED'],
      [{ username: bob.username.toUpperCase(), currency: 'EUR' }, 409, 'USERNAME_TAKEN'],
      [{ email: bob.email, currency: 'EUR' }, 409, 'EMAIL_TAKEN'],
    ] as const;
    for (const [payload, status, code] of attempts) {
      const response = await t.request({
        method: 'PATCH',
        url: '/api/v1/users/me',
        token: ann.accessToken,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().code).toBe(code);
    }
    const profile = (
      await t.request({ method: 'GET', url: '/api/v1/users/me', token: ann.accessToken })
    ).json();
    expect(profile).toMatchObject({ username: ann.username, email: ann.email, currency: 'USD' });
  });

  it('lists every ISO 4217 currency, with USD at rate 1', async () => {
    const ann = await signUp(t);
    const { items } = (
      await t.request({ method: 'GET', url: '/api/v1/currencies', token: ann.accessToken })
    ).json();
    expect(items.length).toBeGreaterThan(150);
    expect(items.find((currency: { code: string }) => currency.code === 'USD')).toMatchObject({
      numericCode: '840',
      symbol: '$',
      minorUnits: 2,
      rate: '1',
    });
    expect(items.find((currency: { code: string }) => currency.code === 'JPY').minorUnits).toBe(0);
  });
});

describe('password change', () => {
  it('needs the current password', async () => {
    const ann = await signUp(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/password',
      token: ann.accessToken,
      payload: { currentPassword: 'Not-the-one1', newPassword: 'Brand-new-pass1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WRONG_PASSWORD');
  });

  it('applies the password rules to the new password', async () => {
    const ann = await signUp(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/password',
      token: ann.accessToken,
      payload: { currentPassword: ann.password, newPassword: 'weak' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].message).toBe('Password must be at least 8 characters long');
  });

  it('signs out every other session and keeps this one', async () => {
    const ann = await signUp(t);
    const phone = (
      await t.request({
        method: 'POST',
        url: '/auth/token',
        payload: { username: ann.username, password: ann.password },
      })
    ).json();
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/password',
      token: ann.accessToken,
      payload: { currentPassword: ann.password, newPassword: 'Brand-new-pass1' },
    });
    expect(response.statusCode).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', token: phone.accessToken.token }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', token: ann.accessToken })).statusCode,
    ).toBe(200);
    const oldLogin = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: ann.username, password: ann.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: ann.username, password: 'Brand-new-pass1' },
    });
    expect(newLogin.statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('needs the password', async () => {
    const ann = await signUp(t);
    const response = await t.request({
      method: 'DELETE',
      url: '/api/v1/users/me',
      token: ann.accessToken,
      payload: { password: 'Wrong-pass1' },
    });
    expect(response.statusCode).toBe(400);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', token: ann.accessToken })).statusCode,
    ).toBe(200);
  });

  it('removes every row the user owns and nobody else’s', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const ownedTables = [
      'auth_sessions',
      'refresh_tokens',
      'columns',
      'task_manager_config',
      'lists',
      'tasks',
      'checklist_items',
    ];
    for (const user of [ann, bob]) {
      const request = (url: string, payload: Record<string, unknown>) =>
        t.request({ method: 'POST', url: `/api/v1${url}`, token: user.accessToken, payload });
      const list = (await request('/lists', { name: 'Groceries' })).json();
      const task = (await request('/tasks', { title: 'Milk', listId: list.id })).json();
      await request(`/tasks/${task.id}/checklist-items`, { title: 'Oat' });
    }
    const countRows = async (table: string, userId: string) => {
      const rows = await queryRows<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from ${sql.identifier(table)} where user_id = ${userId}`,
      );
      return rows[0]?.count;
    };
    const annId = (await t.request({ method: 'GET', url: '/api/v1/users/me', token: ann.accessToken })).json()
      .id;
    const bobId = (await t.request({ method: 'GET', url: '/api/v1/users/me', token: bob.accessToken })).json()
      .id;
    for (const table of ownedTables) expect(await countRows(table, annId), table).toBeGreaterThan(0);

    const response = await t.request({
      method: 'DELETE',
      url: '/api/v1/users/me',
      token: ann.accessToken,
      payload: { password: ann.password },
    });
    expect(response.statusCode).toBe(204);
    for (const table of ownedTables) expect(await countRows(table, annId), table).toBe(0);
    for (const table of ownedTables) expect(await countRows(table, bobId), table).toBeGreaterThan(0);
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', token: ann.accessToken })).statusCode,
    ).toBe(401);
    const relogin = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: ann.username, password: ann.password },
    });
    expect(relogin.statusCode).toBe(401);
  });
});

describe('task-manager config', () => {
  it('starts with the spec defaults and changes in part', async () => {
    const ann = await signUp(t);
    const config = await t.request({
      method: 'GET',
      url: '/api/v1/task-manager-config',
      token: ann.accessToken,
    });
    expect(config.json()).toEqual({
      isBatchEnabled: false,
      dailyLimit: 0,
      defaultView: null,
      isPeriodicalKanbanEnabled: true,
      workDayStart: null,
      workDayEnd: null,
      allowPastOccurrences: true,
      updateRecurrenceOnDueDateChange: false,
    });
    const patched = await t.request({
      method: 'PATCH',
      url: '/api/v1/task-manager-config',
      token: ann.accessToken,
      payload: { defaultView: 'kanban', dailyLimit: 5, workDayStart: '09:00' },
    });
    expect(patched.json()).toMatchObject({
      defaultView: 'kanban',
      dailyLimit: 5,
      workDayStart: '09:00',
      isBatchEnabled: false,
    });
  });

  it('refuses a view that does not exist', async () => {
    const ann = await signUp(t);
    const response = await t.request({
      method: 'PATCH',
      url: '/api/v1/task-manager-config',
      token: ann.accessToken,
      payload: { defaultView: 'swiss' },
    });
    expect(response.statusCode).toBe(400);
  });

  it("keeps each user's settings to themselves", async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    await t.request({
      method: 'PATCH',
      url: '/api/v1/task-manager-config',
      token: ann.accessToken,
      payload: { defaultView: 'importance-grid' },
    });
    const bobs = await t.request({
      method: 'GET',
      url: '/api/v1/task-manager-config',
      token: bob.accessToken,
    });
    expect(bobs.json().defaultView).toBeNull();
  });

  it('answers 404, not 403, for a config that is not the caller’s', async () => {
    const stranger = '01900000-0000-7000-8000-000000000000';
    await expect(getTaskManagerConfig(t.app.ctx, { userId: stranger })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

describe('time zone of a request', () => {
  it('is the header when sent, else the profile setting', async () => {
    const ann = await signUp(t);
    const { id } = (
      await t.request({ method: 'GET', url: '/api/v1/users/me', token: ann.accessToken })
    ).json();
    await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      token: ann.accessToken,
      payload: { timezone: 'Asia/Tokyo' },
    });
    expect(await resolveTimeZone(t.app.ctx, { userId: id, requestTimeZone: 'Pacific/Auckland' })).toBe(
      'Pacific/Auckland',
    );
    expect(await resolveTimeZone(t.app.ctx, { userId: id, requestTimeZone: undefined })).toBe('Asia/Tokyo');
  });
});

describe('the database itself', () => {
  it('refuses a row that points at another user’s data', async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    const annId = (await t.request({ method: 'GET', url: '/api/v1/users/me', token: ann.accessToken })).json()
      .id;
    const bobId = (await t.request({ method: 'GET', url: '/api/v1/users/me', token: bob.accessToken })).json()
      .id;
    const [bobsSession] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from auth_sessions where user_id = ${bobId} limit 1`,
    );
    const error = await t.database.db
      .execute(
        sql`insert into refresh_tokens (user_id, id, session_id, token_hash, expires_at)
            values (${annId}, gen_random_uuid(), ${bobsSession?.id}, 'x', now())`,
      )
      .then(
        () => undefined,
        (failure: unknown) => failure as { cause?: { message?: string } },
      );
    expect(error?.cause?.message).toContain('refresh_tokens_session_fkey');
  });
});
