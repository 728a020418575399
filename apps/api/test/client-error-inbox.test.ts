import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
let adminToken: string;
let userId: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await signUp(t)).accessToken; // The first account is the admin.
  const user = await signUp(t);
  userToken = user.accessToken;
  userId = (await t.request({ method: 'GET', url: '/api/v1/users/me', token: userToken })).json().id;
});
afterAll(() => t.close());

const send = (payload: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/1/envelope/?sentry_key=cairn&sentry_version=7',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    remoteAddress,
    payload,
  });

const envelopeOf = (events: object[]) =>
  [
    JSON.stringify({ event_id: 'abc', sent_at: '2026-03-10T12:00:00Z' }),
    ...events.flatMap((event) => [JSON.stringify({ type: 'event' }), JSON.stringify(event)]),
  ].join('\n');

const storedCount = async () =>
  (
    await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from client_error_reports`,
    )
  )[0]?.count;

const clearReports = () => t.database.db.execute(sql`delete from client_error_reports`);

const inbox = async (query = '') => {
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/admin/client-errors${query}`,
    token: adminToken,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('the error-report inbox', () => {
  it('stores a summary of each event, which administrators read newest first', async () => {
    await clearReports();
    const frames = [
      { filename: 'https://cairn.example/assets/index.js', function: 'main', lineno: 1, colno: 10 },
      { filename: 'https://cairn.example/assets/list.js', function: 'renderList', lineno: 42, colno: 7 },
    ];
    const response = await send(
      envelopeOf([
        {
          exception: { values: [{ type: 'TypeError', value: 'x is undefined', stacktrace: { frames } }] },
          request: { url: 'https://cairn.example/lists', headers: { 'User-Agent': 'Mozilla/5.0 Test' } },
          release: '1.4.0',
          contexts: { browser: { name: 'Firefox', version: '128.0' } },
          user: { id: userId },
        },
        // No browser context: the user agent; an id that names nobody is dropped, as is one that is no id.
        { message: 'second', request: { headers: { 'User-Agent': 'Agent/2' } }, user: { id: randomUUID() } },
        { message: { formatted: 'third' }, user: { id: 'admin' } },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const page = await inbox();
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(3);
    const first = page.items.find((item: { message: string }) => item.message === 'x is undefined');
    expect(first).toEqual({
      id: expect.any(String),
      receivedAt: t.clock.now().toISOString(),
      message: 'x is undefined',
      stack:
        'at renderList (https://cairn.example/assets/list.js:42:7)\nat main (https://cairn.example/assets/index.js:1:10)',
      url: 'https://cairn.example/lists',
      release: '1.4.0',
      browser: 'Firefox 128.0',
      userId,
    });
    const byMessage = Object.fromEntries(
      page.items.map((item: { message: string; browser: string | null; userId: string | null }) => [
        item.message,
        [item.browser, item.userId],
      ]),
    );
    expect(byMessage.second).toEqual(['Agent/2', null]);
    expect(byMessage.third).toEqual([null, null]);
    const [row] = await queryRows<{ sender_hash: string }>(
      t.database.db,
      sql`select distinct sender_hash from client_error_reports`,
    );
    expect(row?.sender_hash).toBe(createHash('sha256').update('203.0.113.7').digest('hex'));
  });

  it('caps the stack and every field', async () => {
    await clearReports();
    const frames = Array.from({ length: 1000 }, (_, index) => ({
      filename: `https://cairn.example/assets/${'deep/'.repeat(10)}${index}.js`,
      function: `frame${index}`,
      lineno: index,
      colno: 1,
    }));
    const response = await send(
      envelopeOf([
        {
          exception: { values: [{ type: 'Error', value: 'm'.repeat(5000), stacktrace: { frames } }] },
          request: { url: `https://cairn.example/${'u'.repeat(5000)}` },
          release: 'r'.repeat(5000),
          contexts: { browser: { name: 'b'.repeat(5000), version: 'v'.repeat(5000) } },
        },
      ]),
    );
    expect(response.statusCode).toBe(200);
    const [item] = (await inbox()).items;
    expect(item.stack.length).toBeLessThanOrEqual(8 * 1024);
    expect(item.stack.split('\n')[0]).toMatch(/^at frame999 /);
    expect(item.message.length).toBe(1000);
    expect(item.url.length).toBe(500);
    expect(item.release.length).toBe(200);
    expect(item.browser.length).toBeLessThanOrEqual(151);
  });

  it('stores nothing for garbage, an oversized body or too many items', async () => {
    await clearReports();
    expect((await send('not an envelope')).statusCode).toBe(400);
    expect((await send(`${JSON.stringify({})}\n{"type":"event"}\nnot json`)).statusCode).toBe(400);
    const oversized = envelopeOf([{ message: 'x'.repeat(300 * 1024) }]);
    expect((await send(oversized)).statusCode).toBe(413);
    const crowded = envelopeOf(Array.from({ length: 101 }, () => ({ message: 'x' })));
    expect((await send(crowded)).statusCode).toBe(413);
    expect(await storedCount()).toBe(0);
  });

  it('stores at most 30 reports per address in ten minutes, accepting the rest unstored', async () => {
    await clearReports();
    for (let round = 0; round < 4; round += 1) {
      const response = await send(
        envelopeOf(Array.from({ length: 10 }, (_, index) => ({ message: `r${round}-${index}` }))),
        '198.51.100.1',
      );
      expect(response.statusCode).toBe(200);
    }
    expect(await storedCount()).toBe(30);
    // Another address has a window of its own.
    expect((await send(envelopeOf([{ message: 'elsewhere' }]), '198.51.100.2')).statusCode).toBe(200);
    expect(await storedCount()).toBe(31);
    // Simultaneous envelopes from one address still stop at the limit.
    t.clock.advance(10 * 60_000 + 1);
    await Promise.all(
      Array.from({ length: 8 }, (_, round) =>
        send(
          envelopeOf(Array.from({ length: 5 }, (_, index) => ({ message: `p${round}-${index}` }))),
          '198.51.100.1',
        ),
      ),
    );
    expect(await storedCount()).toBe(61);
  });

  it('keeps nothing older than 30 days and only the newest 5,000', async () => {
    await clearReports();
    const now = t.clock.now();
    await t.database.db.execute(
      sql`insert into client_error_reports (id, received_at, message, sender_hash)
          select gen_random_uuid(), ${now.toISOString()}::timestamptz - (n || ' seconds')::interval, 'old ' || n, 'seed'
          from generate_series(1, 5000) n`,
    );
    await t.database.db.execute(
      sql`insert into client_error_reports (id, received_at, message, sender_hash)
          values (gen_random_uuid(), ${now.toISOString()}::timestamptz - interval '31 days', 'ancient', 'seed')`,
    );
    expect(await storedCount()).toBe(5001);
    t.clock.advance(1000);
    expect((await send(envelopeOf([{ message: 'newest' }]), '192.0.2.9')).statusCode).toBe(200);
    expect(await storedCount()).toBe(5000);
    const messages = await queryRows<{ message: string }>(
      t.database.db,
      sql`select message from client_error_reports where message in ('ancient', 'old 5000', 'old 4999', 'newest')`,
    );
    expect(messages.map((row) => row.message).sort()).toEqual(['newest', 'old 4999']);
  });

  it('pages newest first by cursor, and only for administrators', async () => {
    await clearReports();
    for (let index = 0; index < 5; index += 1) {
      t.clock.advance(1000);
      await send(envelopeOf([{ message: `page ${index}` }]), '192.0.2.10');
    }
    const first = await inbox('?limit=2');
    expect(first.items.map((item: { message: string }) => item.message)).toEqual(['page 4', 'page 3']);
    const second = await inbox(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item: { message: string }) => item.message)).toEqual(['page 2', 'page 1']);
    const third = await inbox(`?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((item: { message: string }) => item.message)).toEqual(['page 0']);
    expect(third.nextCursor).toBeNull();
    const other = await t.request({ method: 'GET', url: '/api/v1/admin/client-errors', token: userToken });
    expect(other.statusCode).toBe(404);
  });
});
