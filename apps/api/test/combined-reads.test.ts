import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyUser } from './support/money-api';
import { createTestApp, signUp, type TestApp } from './support/test-app';
import { createTrackerUser } from './support/tracker-api';

/**
 * The reads that answer one screen's several small reads of an area at once: each part must be what
 * its own endpoint answers, hold only the caller's data, and need a token.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function expectUnauthorized(url: string) {
  const response = await t.request({ method: 'GET', url });
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
}

describe('GET /money/accounts?include=categories', () => {
  it('adds the categories as GET /money/categories answers them, and only the caller’s', async () => {
    const ann = await createMoneyUser(t);
    const wallet = await ann.account('Wallet');
    await ann.account('Cash', { parentId: wallet.id });
    const food = await ann.category('Food');
    await ann.category('Groceries', { parentId: food.id });
    const bob = await createMoneyUser(t);
    await bob.account('Bob’s bank');
    await bob.category('Bob’s rent');

    const combined = await ann.call('GET', '/money/accounts?include=categories');
    expect(combined.status).toBe(200);
    const accounts = await ann.call('GET', '/money/accounts');
    const categories = await ann.call('GET', '/money/categories');
    expect(combined.body).toEqual({ items: accounts.body.items, categories: categories.body });
    expect(combined.body.items).toHaveLength(2);
    expect(combined.body.categories.items).toHaveLength(2);
    expect(JSON.stringify(combined.body)).not.toContain('Bob’s');
    // Without the include the answer is as it always was.
    expect(Object.keys(accounts.body)).toEqual(['items']);
  });

  it('refuses an unknown include and a missing token', async () => {
    const ann = await createMoneyUser(t);
    const response = await ann.call('GET', '/money/accounts?include=everything');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    await expectUnauthorized('/api/v1/money/accounts?include=categories');
  });
});

describe('GET /trackers?include=groups', () => {
  it('adds the groups as GET /tracker-groups answers them, and only the caller’s', async () => {
    const ann = await createTrackerUser(t, { timeZone: 'UTC' });
    const health = await ann.group('Health');
    const weight = await ann.tracker('Weight', { groupId: health.id });
    await ann.log(weight.id, '72.5');
    await ann.tracker('Steps');
    const bob = await createTrackerUser(t, { timeZone: 'UTC' });
    await bob.group('Bob’s group');
    await bob.tracker('Bob’s tracker');

    const combined = await ann.call('GET', '/trackers?include=groups');
    expect(combined.status).toBe(200);
    const trackers = await ann.call('GET', '/trackers');
    const groups = await ann.call('GET', '/tracker-groups');
    expect(combined.body).toEqual({ items: trackers.body.items, groups: groups.body });
    expect(combined.body.items).toHaveLength(2);
    expect(combined.body.groups.items).toHaveLength(1);
    expect(combined.text).not.toContain('Bob’s');
    expect(Object.keys(trackers.body)).toEqual(['items']);

    const inGroup = await ann.call('GET', `/trackers?groupId=${health.id}&include=groups`);
    expect(inGroup.body.items.map((tracker: { id: string }) => tracker.id)).toEqual([weight.id]);
    await expectUnauthorized('/api/v1/trackers?include=groups');
  });
});

describe('GET /tracker-dashboard?include=data', () => {
  it('adds every chart’s points as GET /tracker-dashboard/{id}/data answers them, and only the caller’s', async () => {
    t.clock.set(new Date('2026-03-10T12:00:00Z'));
    const ann = await createTrackerUser(t, { timeZone: 'UTC' });
    const weight = await ann.tracker('Weight');
    const steps = await ann.tracker('Steps');
    await ann.log(weight.id, '72.5', '2026-03-09T08:00:00Z');
    await ann.log(steps.id, '9000', '2026-03-10T08:00:00Z');
    const config = { timeRange: '30d', aggregation: 'sum', colorScheme: 'default' };
    const bar = await ann.chart({
      name: 'Bar',
      chartType: 'bar',
      config: { ...config, trackerIds: [weight.id] },
    });
    const line = await ann.chart({
      name: 'Line',
      chartType: 'timeSeries',
      config: { ...config, trackerIds: [weight.id, steps.id] },
    });
    const bob = await createTrackerUser(t, { timeZone: 'UTC' });
    const bobs = await bob.tracker('Bob’s tracker');
    await bob.chart({ name: 'Bob’s chart', chartType: 'bar', config: { ...config, trackerIds: [bobs.id] } });

    const combined = await ann.call('GET', '/tracker-dashboard?include=data');
    expect(combined.status).toBe(200);
    const charts = await ann.call('GET', '/tracker-dashboard');
    expect(combined.body).toEqual({
      items: charts.body.items,
      data: [await ann.chartData(bar.id), await ann.chartData(line.id)],
    });
    expect(combined.body.data[1].points.length).toBeGreaterThan(0);
    expect(combined.text).not.toContain('Bob’s');
    expect(Object.keys(charts.body)).toEqual(['items']);
    await expectUnauthorized('/api/v1/tracker-dashboard?include=data');
  });
});

describe('GET /users/me/devices', () => {
  it('answers the sessions and the push devices as their own endpoints do, and only the caller’s', async () => {
    const ann = await signUp(t);
    // A second device signed in.
    const again = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: ann.username, password: ann.password },
    });
    expect(again.statusCode).toBe(200);
    const bob = await signUp(t);
    const subscribe = async (token: string, name: string) => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        token,
        payload: {
          // The host never resolves, so nothing is ever sent to it.
          endpoint: `https://push.example.invalid/send/${name}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: randomBytes(16).toString('base64url'),
          },
        },
      });
      expect(response.statusCode).toBe(201);
    };
    await subscribe(ann.accessToken, 'ann-phone');
    await subscribe(bob.accessToken, 'bob-phone');

    const get = async (url: string) => {
      const response = await t.request({ method: 'GET', url, token: ann.accessToken });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };
    const devices = await get('/api/v1/users/me/devices');
    expect(devices).toEqual({
      sessions: await get('/api/v1/users/me/sessions'),
      pushSubscriptions: await get('/api/v1/push/subscriptions'),
    });
    expect(devices.sessions.items).toHaveLength(2);
    expect(
      devices.sessions.items.filter((session: { isCurrent: boolean }) => session.isCurrent),
    ).toHaveLength(1);
    expect(devices.pushSubscriptions.items).toHaveLength(1);
    expect(JSON.stringify(devices)).not.toContain('bob-phone');
    await expectUnauthorized('/api/v1/users/me/devices');
  });
});
