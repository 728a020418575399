import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { refreshSystemTrackers } from '../src/modules/trackers/system-sources.service';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser, type TrackerUser } from './support/tracker-api';

let t: TestApp;
let usd: string;
let eur: string;
beforeAll(async () => {
  // A day-long token, so a test can walk its clock over a few days as one user.
  t = await createTestApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
  const [row] = await queryRows<{ usd: string; eur: string }>(
    t.database.db,
    sql`select (select id from currencies where code = 'USD') as usd,
               (select id from currencies where code = 'EUR') as eur`,
  );
  usd = row?.usd ?? '';
  eur = row?.eur ?? '';
  // EUR at 0.9 per USD for the whole of 2026 (rates are units per 1 USD).
  await t.database.db.execute(sql`delete from currency_rates`);
  await t.database.db.execute(
    sql`insert into currency_rates (currency_id, date, rate, source) values (${eur}, '2026-01-01', 0.9, 'admin')`,
  );
});
afterAll(() => t.close());

/** Users sign up at the latest moment a test reaches: their token stays valid as the clock walks back. */
const LATEST = new Date('2026-03-12T00:00:00Z');
const at = (instant: string) => t.clock.set(new Date(instant));

async function newUser(timeZone = 'UTC'): Promise<TrackerUser> {
  t.clock.set(LATEST);
  return createTrackerUser(t, { timeZone });
}

async function switchSource(
  user: TrackerUser,
  body: { source: string; sourceKey?: string | null; isEnabled: boolean },
) {
  return user.call('PUT', '/trackers/system-sources', body);
}

async function switchOn(user: TrackerUser, source: string, sourceKey?: string): Promise<string> {
  const response = await switchSource(user, { source, sourceKey: sourceKey ?? null, isEnabled: true });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ source, isEnabled: true });
  return response.body.trackerId;
}

const trim = (value: string) => value.replace(/\.?0+$/, '');

/** The tracker's values by day, after the refresh reads run before (in the user's zone). */
async function values(user: TrackerUser, trackerId: string, timeZone = 'UTC') {
  await refreshSystemTrackers(t.app.ctx, { userId: user.userId, timeZone });
  const rows = await queryRows<{ day: string; value: string }>(
    t.database.db,
    sql`select to_char(calculated_day, 'YYYY-MM-DD') as day, value::text as value
          from tracker_logs where tracker_id = ${trackerId} order by calculated_day`,
  );
  return Object.fromEntries(rows.map((row) => [row.day, trim(row.value)]));
}

async function logTimes(trackerId: string) {
  const rows = await queryRows<{ day: string; updated_at: string }>(
    t.database.db,
    sql`select to_char(calculated_day, 'YYYY-MM-DD') as day, updated_at::text as updated_at
          from tracker_logs where tracker_id = ${trackerId} order by calculated_day`,
  );
  return Object.fromEntries(rows.map((row) => [row.day, row.updated_at]));
}

async function createTask(user: TrackerUser, body: Record<string, unknown>): Promise<string> {
  const response = await user.call('POST', '/tasks', body);
  expect(response.status).toBe(201);
  return response.body.id;
}

async function act(user: TrackerUser, taskId: string, action: string) {
  const response = await user.call(
    'POST',
    `/tasks/${taskId}/${action}`,
    action === 'complete' ? {} : undefined,
  );
  expect(response.status).toBe(200);
}

describe('system sources on offer', () => {
  it('lists every source, one balance per top-level account, and marks the ones switched on', async () => {
    const user = await newUser();
    const bank = await user.call('POST', '/money/accounts', { name: 'Bank' });
    await user.call('POST', '/money/accounts', { name: 'Savings', parentId: bank.body.id });
    const before = await user.call('GET', '/trackers/system-sources');
    expect(before.status).toBe(200);
    expect(
      before.body.items.map((item: { source: string; name: string }) => [item.source, item.name]),
    ).toEqual([
      ['tasks.completed', 'Tasks completed'],
      ['tasks.overdue', 'Tasks overdue'],
      ['worklogs.hours', 'Hours worked'],
      ['money.spending', 'Spending'],
      ['money.account-balance', 'Balance · Bank'],
    ]);
    expect(before.body.items.every((item: { isEnabled: boolean }) => !item.isEnabled)).toBe(true);

    const trackerId = await switchOn(user, 'worklogs.hours');
    const after = await user.call('GET', '/trackers/system-sources');
    expect(after.body.items[2]).toMatchObject({ source: 'worklogs.hours', isEnabled: true, trackerId });
    // Switching on twice keeps the one tracker.
    expect(await switchOn(user, 'worklogs.hours')).toBe(trackerId);
  });

  it('refuses a key where none belongs and a balance without an account', async () => {
    const user = await newUser();
    const account = await user.call('POST', '/money/accounts', { name: 'Bank' });
    const keyed = await switchSource(user, {
      source: 'tasks.completed',
      sourceKey: account.body.id,
      isEnabled: true,
    });
    expect(keyed.status).toBe(400);
    expect(keyed.body.code).toBe('VALIDATION_FAILED');
    const unkeyed = await switchSource(user, { source: 'money.account-balance', isEnabled: true });
    expect(unkeyed.status).toBe(400);
    const unknown = await switchSource(user, { source: 'tasks.nothing', isEnabled: true });
    expect(unknown.status).toBe(400);
  });
});

describe('tasks completed', () => {
  it('counts completions per day in the user’s zone and follows a reopening', async () => {
    const zone = 'Europe/Berlin';
    const user = await newUser(zone);
    const trackerId = await switchOn(user, 'tasks.completed');
    const tracker = await user.call('GET', `/trackers/${trackerId}`);
    expect(tracker.body).toMatchObject({
      name: 'Tasks completed',
      isSystem: true,
      systemSource: 'tasks.completed',
      origin: 'Tasks',
      valueFormat: 'number',
      currencyId: null,
    });
    expect(await values(user, trackerId, zone)).toEqual({});

    const [first, second, third] = [
      await createTask(user, { title: 'First' }),
      await createTask(user, { title: 'Second' }),
      await createTask(user, { title: 'Third' }),
    ];
    at('2026-03-09T10:00:00Z');
    await act(user, first ?? '', 'complete');
    // 23:30 UTC is already the 10th in Berlin.
    at('2026-03-09T23:30:00Z');
    await act(user, second ?? '', 'complete');
    at('2026-03-10T12:00:00Z');
    await act(user, third ?? '', 'complete');
    expect(await values(user, trackerId, zone)).toEqual({ '2026-03-09': '1', '2026-03-10': '2' });
    // The same day in UTC splits them the other way.
    expect(await values(user, trackerId, 'UTC')).toEqual({ '2026-03-09': '2', '2026-03-10': '1' });
    expect(await values(user, trackerId, zone)).toEqual({ '2026-03-09': '1', '2026-03-10': '2' });

    // Nothing changed: nothing is written again.
    const before = await logTimes(trackerId);
    at('2026-03-10T13:00:00Z');
    await values(user, trackerId, zone);
    expect(await logTimes(trackerId)).toEqual(before);

    await act(user, third ?? '', 'uncomplete');
    expect(await values(user, trackerId, zone)).toEqual({ '2026-03-09': '1', '2026-03-10': '1' });
    // Only the changed day was written.
    expect((await logTimes(trackerId))['2026-03-09']).toBe(before['2026-03-09']);

    at('2026-03-10T14:00:00Z');
    await act(user, first ?? '', 'uncomplete');
    expect(await values(user, trackerId, zone)).toEqual({ '2026-03-10': '1' });

    // Another user's completions never count.
    const other = await newUser(zone);
    const theirs = await createTask(other, { title: 'Theirs' });
    at('2026-03-10T15:00:00Z');
    await act(other, theirs, 'complete');
    expect(await values(user, trackerId, zone)).toEqual({ '2026-03-10': '1' });
  });
});

describe('tasks overdue', () => {
  it('counts the open tasks past due at each day’s end, from the first task through today', async () => {
    const user = await newUser();
    at('2026-03-07T09:00:00Z');
    const early = await createTask(user, { title: 'Early', dueDate: '2026-03-08T10:00:00Z' });
    const later = await createTask(user, { title: 'Later', dueDate: '2026-03-09T10:00:00Z' });
    await createTask(user, { title: 'Someday' });
    at('2026-03-09T15:00:00Z');
    await act(user, early, 'complete');
    // Created on the 10th, due the 8th: it was not there to be overdue before the 10th.
    at('2026-03-10T08:00:00Z');
    await createTask(user, { title: 'Late entry', dueDate: '2026-03-08T10:00:00Z' });
    at('2026-03-10T12:00:00Z');
    const trackerId = await switchOn(user, 'tasks.overdue');
    expect(await values(user, trackerId)).toEqual({
      '2026-03-07': '0',
      '2026-03-08': '1',
      '2026-03-09': '1',
      '2026-03-10': '2',
    });

    await act(user, later, 'archive');
    expect(await values(user, trackerId)).toEqual({
      '2026-03-07': '0',
      '2026-03-08': '1',
      '2026-03-09': '1',
      '2026-03-10': '1',
    });
    // A new day adds its count though no task changed.
    at('2026-03-11T09:00:00Z');
    expect((await values(user, trackerId))['2026-03-11']).toBe('1');
  });
});

describe('hours worked', () => {
  it('sums the durations of each work day in hours, exactly', async () => {
    const user = await newUser();
    const trackerId = await switchOn(user, 'worklogs.hours');
    const project = await user.call('POST', '/worklogs/projects', { name: 'Website' });
    const entry = (workDate: string, duration: number) =>
      user.call('POST', '/worklogs', { projectId: project.body.id, workDate, duration });
    expect((await entry('2026-03-10', 90)).status).toBe(201);
    await entry('2026-03-10', 30);
    const short = await entry('2026-03-09', 20);
    expect(await values(user, trackerId)).toEqual({ '2026-03-09': '0.333333', '2026-03-10': '2' });

    at('2026-03-10T13:00:00Z');
    expect((await user.call('DELETE', `/worklogs/${short.body.id}`)).status).toBe(204);
    expect(await values(user, trackerId)).toEqual({ '2026-03-10': '2' });

    const other = await newUser();
    const theirs = await other.call('POST', '/worklogs/projects', { name: 'Theirs' });
    await other.call('POST', '/worklogs', {
      projectId: theirs.body.id,
      workDate: '2026-03-10',
      duration: 600,
    });
    expect(await values(user, trackerId)).toEqual({ '2026-03-10': '2' });
  });
});

describe('money', () => {
  async function moneyUser() {
    const user = await newUser();
    const bank = (await user.call('POST', '/money/accounts', { name: 'Bank' })).body.id as string;
    const cash = (await user.call('POST', '/money/accounts', { name: 'Cash' })).body.id as string;
    const savings = (await user.call('POST', '/money/accounts', { name: 'Savings', parentId: bank })).body
      .id as string;
    const book = async (fields: Record<string, unknown>) => {
      const response = await user.call('POST', '/money/transactions', {
        currencyId: usd,
        accountId: bank,
        ...fields,
      });
      expect(response.status).toBe(201);
      return response.body;
    };
    return { user, bank, cash, savings, book };
  }

  it('sums each day’s expenses in the user’s currency at that day’s rate, transfers and income left out', async () => {
    const { user, cash, book } = await moneyUser();
    await book({ type: 'expense', amount: '10', date: '2026-03-09' });
    // 9 EUR at 0.9 EUR per USD is 10 USD.
    await book({ type: 'expense', amount: '9', currencyId: eur, date: '2026-03-09' });
    await book({ type: 'income', amount: '100', date: '2026-03-09' });
    await book({ type: 'transfer', amount: '50', accountToId: cash, date: '2026-03-10' });
    await book({ type: 'expense', amount: '0.1', date: '2026-03-10' });
    await book({ type: 'expense', amount: '0.2', date: '2026-03-10' });
    at('2026-03-10T12:00:00Z');
    const trackerId = await switchOn(user, 'money.spending');
    const tracker = await user.call('GET', `/trackers/${trackerId}`);
    expect(tracker.body).toMatchObject({ name: 'Spending', valueFormat: 'currency', currencyId: usd });
    expect(await values(user, trackerId)).toEqual({ '2026-03-09': '20', '2026-03-10': '0.3' });

    at('2026-03-10T13:00:00Z');
    await book({ type: 'expense', amount: '1', date: '2026-03-10' });
    expect(await values(user, trackerId)).toEqual({ '2026-03-09': '20', '2026-03-10': '1.3' });
  });

  it('follows a top-level account’s end-of-day balance, sub-accounts rolled up', async () => {
    const { user, bank, cash, savings, book } = await moneyUser();
    await book({ type: 'income', amount: '100', date: '2026-03-08' });
    await book({ type: 'expense', amount: '20', subAccountId: savings, date: '2026-03-09' });
    await book({ type: 'income', amount: '999', accountId: cash, date: '2026-03-09' });
    at('2026-03-10T12:00:00Z');
    const trackerId = await switchOn(user, 'money.account-balance', bank);
    const tracker = await user.call('GET', `/trackers/${trackerId}`);
    expect(tracker.body).toMatchObject({
      name: 'Balance · Bank',
      systemSource: 'money.account-balance',
      systemSourceKey: bank,
      origin: 'Money',
      valueFormat: 'currency',
      currencyId: usd,
    });
    expect(await values(user, trackerId)).toEqual({
      '2026-03-08': '100',
      '2026-03-09': '80',
      '2026-03-10': '80',
    });

    at('2026-03-10T13:00:00Z');
    await book({ type: 'transfer', amount: '10', accountToId: cash, date: '2026-03-10' });
    expect((await values(user, trackerId))['2026-03-10']).toBe('70');

    // A sub-account is no balance of its own; another user's account is no one's.
    const sub = await switchSource(user, {
      source: 'money.account-balance',
      sourceKey: savings,
      isEnabled: true,
    });
    expect(sub.status).toBe(400);
    const other = await newUser();
    for (const isEnabled of [true, false]) {
      const foreign = await switchSource(other, {
        source: 'money.account-balance',
        sourceKey: bank,
        isEnabled,
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('NOT_FOUND');
    }
    const missing = await switchSource(user, {
      source: 'money.account-balance',
      sourceKey: '00000000-0000-4000-8000-000000000000',
      isEnabled: true,
    });
    expect(missing.status).toBe(404);
  });
});

describe('switching off', () => {
  it('deletes the tracker and its values, unless a calculated tracker reads it', async () => {
    const user = await newUser();
    const trackerId = await switchOn(user, 'tasks.completed');
    const task = await createTask(user, { title: 'Done' });
    await act(user, task, 'complete');
    expect(await values(user, trackerId)).toEqual({ '2026-03-12': '1' });

    const doubled = await user.tracker('Doubled', {
      isCalculated: true,
      calculationFormula: 'tasks_completed * 2',
      sourceTrackerIds: [trackerId],
    });
    expect(await values(user, doubled.id)).toMatchObject({ '2026-03-12': '2' });
    // A change of the system values recomputes the calculated tracker's day.
    t.clock.advance(60_000);
    await act(user, await createTask(user, { title: 'Also done' }), 'complete');
    expect(await values(user, trackerId)).toEqual({ '2026-03-12': '2' });
    expect(await values(user, doubled.id)).toEqual({ '2026-03-12': '4' });

    const refused = await switchSource(user, { source: 'tasks.completed', isEnabled: false });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Used by the calculated tracker(s) Doubled');
    expect((await user.call('GET', `/trackers/${trackerId}`)).status).toBe(200);

    expect((await user.call('DELETE', `/trackers/${doubled.id}`)).status).toBe(204);
    const off = await switchSource(user, { source: 'tasks.completed', isEnabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ source: 'tasks.completed', isEnabled: false, trackerId: null });
    expect((await user.call('GET', `/trackers/${trackerId}`)).status).toBe(404);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from tracker_logs where tracker_id = ${trackerId}`,
    );
    expect(left?.n).toBe(0);
    // Switching off what is off is no error.
    expect((await switchSource(user, { source: 'tasks.completed', isEnabled: false })).status).toBe(200);
  });
});
