import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// 20:00 UTC on 10 March 2026: already 09:00 on the 11th in Auckland, still 13:00 on the 10th in Los Angeles.
const NOW = new Date('2026-03-10T20:00:00Z');

type ViewCounts = Record<string, { open: number; completed: number }>;

async function setUp() {
  t.clock.set(NOW);
  const user = await signUp(t);
  const api = taskClient(t, user.accessToken);
  // Auckland: 10 March 23:30 (yesterday there). Los Angeles: 10 March 03:30 (today).
  await api.createTask({ title: 'A', dueDate: '2026-03-10T10:30:00Z' });
  // Both zones: tomorrow.
  await api.createTask({ title: 'B', dueDate: '2026-03-11T12:00:00Z' });
  // Auckland: 11 March 21:00 (today). Los Angeles: 11 March 01:00 (tomorrow).
  await api.createTask({ title: 'C', dueDate: '2026-03-11T08:00:00Z' });
  return { api, token: user.accessToken };
}

const titlesIn = (api: ReturnType<typeof taskClient>, view: string) => api.titles(`view=${view}&sort=title`);

describe('smart views follow the calendar of the request’s time zone', () => {
  it('for a user in Pacific/Auckland', async () => {
    const { token } = await setUp();
    const auckland = taskClient(t, token, 'Pacific/Auckland');
    expect(await titlesIn(auckland, 'today')).toEqual(['A', 'C']);
    expect(await titlesIn(auckland, 'tomorrow')).toEqual(['B']);
    expect(await titlesIn(auckland, 'overdue')).toEqual(['A']);
  });

  it('for a user in America/Los_Angeles at the same instant', async () => {
    const { token } = await setUp();
    const losAngeles = taskClient(t, token, 'America/Los_Angeles');
    expect(await titlesIn(losAngeles, 'today')).toEqual(['A']);
    expect(await titlesIn(losAngeles, 'tomorrow')).toEqual(['B', 'C']);
    expect(await titlesIn(losAngeles, 'overdue')).toEqual([]);
  });

  it('fall back to the profile’s time zone without the header', async () => {
    const { api, token } = await setUp();
    await api.call('PATCH', '/users/me', { timezone: 'Pacific/Auckland' });
    expect(await titlesIn(taskClient(t, token), 'overdue')).toEqual(['A']);
  });
});

describe('addedToToday and addedToNew are tri-state', () => {
  it('true puts a task in the view, false keeps it out, unset lets the dates decide', async () => {
    t.clock.set(NOW);
    const user = await signUp(t);
    const api = taskClient(t, user.accessToken, 'UTC');
    t.clock.set(new Date(NOW.getTime() - 8 * 86_400_000));
    await api.createTask({ title: 'old, unset' });
    await api.createTask({ title: 'old, pinned new', addedToNew: true });
    t.clock.set(NOW);
    await api.createTask({ title: 'fresh, unset' });
    await api.createTask({ title: 'fresh, not new', addedToNew: false });
    expect(await titlesIn(api, 'new')).toEqual(['fresh, unset', 'old, pinned new']);

    await api.createTask({ title: 'pinned today', addedToToday: true });
    await api.createTask({ title: 'due, unset', dueDate: '2026-03-10T08:00:00Z' });
    await api.createTask({ title: 'due, kept out', dueDate: '2026-03-10T08:00:00Z', addedToToday: false });
    expect(await titlesIn(api, 'today')).toEqual(['due, unset', 'pinned today']);
    expect(await titlesIn(api, 'planned')).toEqual(['due, kept out', 'due, unset']);
  });
});

describe('the other views', () => {
  it('select by urgency, importance and recurrence', async () => {
    t.clock.set(NOW);
    const api = taskClient(t, (await signUp(t)).accessToken, 'UTC');
    await api.createTask({ title: 'urgent', urgency: 'high' });
    await api.createTask({ title: 'important', importance: 'high' });
    await api.createTask({ title: 'both', urgency: 'high', importance: 'high' });
    await api.createTask({ title: 'plain' });
    expect(await titlesIn(api, 'urgent')).toEqual(['both', 'urgent']);
    expect(await titlesIn(api, 'important')).toEqual(['both', 'important']);
    expect(await titlesIn(api, 'top-priority')).toEqual(['both']);
    expect(await titlesIn(api, 'tasks')).toEqual(['both', 'important', 'plain', 'urgent']);
    expect(await titlesIn(api, 'recurrent')).toEqual([]);
  });
});

describe('counts for the sidebar', () => {
  it('give open and completed for every view in one call', async () => {
    const { api, token } = await setUp();
    const [first] = (await api.call('GET', '/tasks?sort=title')).body.items;
    await api.call('POST', `/tasks/${first.id}/complete`, {});
    const response = await taskClient(t, token, 'Pacific/Auckland').call('GET', '/smart-views');
    const counts = Object.fromEntries(
      response.body.items.map((entry: { view: string; open: number; completed: number }) => [
        entry.view,
        entry,
      ]),
    ) as ViewCounts;
    expect(Object.keys(counts)).toHaveLength(11);
    expect(counts.today).toMatchObject({ open: 1, completed: 1 });
    expect(counts.tomorrow).toMatchObject({ open: 1, completed: 0 });
    expect(counts.overdue).toMatchObject({ open: 0, completed: 1 });
    expect(counts.planned).toMatchObject({ open: 2, completed: 1 });
    expect(counts.archived).toMatchObject({ open: 0, completed: 0 });
  });
});

describe('counts at the edges of the day', () => {
  // In Warsaw (UTC+1) NOW is 21:00 on 10 March: today began at 23:00 UTC on the 9th.
  const zone = 'Europe/Warsaw';
  const startOfToday = Date.parse('2026-03-09T23:00:00Z');
  const startOfTomorrow = Date.parse('2026-03-10T23:00:00Z');
  const DAY = 86_400_000;
  const at = (time: number) => new Date(time).toISOString();
  /** Tasks due at separate quarter hours of the last weeks: enough to be folded into one row. */
  const PAST_DUES = 40;

  async function setUp() {
    t.clock.set(NOW);
    const user = await signUp(t);
    const api = taskClient(t, user.accessToken, zone);
    await api.createTask({ title: 'midnight starting today', dueDate: at(startOfToday) });
    await api.createTask({ title: 'a minute before today', dueDate: at(startOfToday - 60_000) });
    await api.createTask({ title: 'last minute of today', dueDate: at(startOfTomorrow - 60_000) });
    await api.createTask({ title: 'midnight starting tomorrow', dueDate: at(startOfTomorrow) });
    await api.createTask({ title: 'midnight after tomorrow', dueDate: at(startOfTomorrow + DAY) });
    await api.createTask({ title: 'whole today', dueDate: NOW.toISOString(), dueDateHasTime: false });
    await api.createTask({
      title: 'whole yesterday',
      dueDate: at(NOW.getTime() - DAY),
      dueDateHasTime: false,
    });
    await api.createTask({
      title: 'whole tomorrow',
      dueDate: at(NOW.getTime() + DAY),
      dueDateHasTime: false,
    });
    await api.createTask({
      title: 'overdue, kept out of Today',
      dueDate: at(startOfToday - 3_600_000),
      addedToToday: false,
    });
    await api.createTask({ title: 'a year ahead', dueDate: '2027-03-10T09:07:00Z' });
    await api.createTask({ title: 'a year ago', dueDate: '2025-03-10T09:07:00Z' });
    const doneToday = await api.createTask({ title: 'done, due today', dueDate: '2026-03-10T12:00:00Z' });
    const doneOverdue = await api.createTask({ title: 'done, overdue', dueDate: '2026-03-09T08:00:00Z' });
    for (const id of [doneToday.id, doneOverdue.id]) await api.call('POST', `/tasks/${id}/complete`, {});
    for (let index = 1; index <= PAST_DUES; index += 1) {
      await api.createTask({
        title: `past ${index}`,
        dueDate: at(startOfToday - index * (DAY + 15 * 60_000)),
      });
    }
    return { user, userId: (await api.call('GET', '/users/me')).body.id as string };
  }

  /** Moves the clock, then signs in again: the first session's access token may have expired by then. */
  async function signInAt(time: number, user: { username: string; password: string }) {
    t.clock.set(new Date(time));
    const response = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: user.username, password: user.password },
    });
    return taskClient(t, response.json().accessToken.token, zone);
  }

  /** Each view's counts, checked against the length of the view's own listing. */
  async function countsMatchingListings(api: ReturnType<typeof taskClient>) {
    const items = (await api.call('GET', '/smart-views')).body.items as {
      view: string;
      open: number;
      completed: number;
    }[];
    for (const { view, open, completed } of items) {
      const listed = async (status: string) =>
        (await api.titles(`view=${view}&status=${status}&limit=500`)).length;
      expect({ view, open, completed }).toEqual({
        view,
        open: await listed('open'),
        completed: await listed('completed'),
      });
    }
    return Object.fromEntries(items.map(({ view, ...entry }) => [view, entry])) as ViewCounts;
  }

  it('put midnight in the day it starts, whole-day dues on their day and done tasks in their view', async () => {
    const { user } = await setUp();
    const counts = await countsMatchingListings(await signInAt(NOW.getTime(), user));
    expect(counts.today).toEqual({ open: 6 + PAST_DUES, completed: 2 });
    expect(counts.overdue).toEqual({ open: 4 + PAST_DUES, completed: 1 });
    expect(counts.tomorrow).toEqual({ open: 2, completed: 0 });
    expect(counts.planned).toEqual({ open: 11 + PAST_DUES, completed: 2 });
  });

  it('stay on today to its last millisecond, and move on at midnight', async () => {
    const { user } = await setUp();
    const lastMoment = await countsMatchingListings(await signInAt(startOfTomorrow - 1, user));
    expect(lastMoment.today).toEqual({ open: 6 + PAST_DUES, completed: 2 });
    expect(lastMoment.overdue).toEqual({ open: 4 + PAST_DUES, completed: 1 });
    expect(lastMoment.tomorrow).toEqual({ open: 2, completed: 0 });
    const midnight = await countsMatchingListings(await signInAt(startOfTomorrow, user));
    expect(midnight.today).toEqual({ open: 8 + PAST_DUES, completed: 2 });
    expect(midnight.overdue).toEqual({ open: 7 + PAST_DUES, completed: 2 });
    expect(midnight.tomorrow).toEqual({ open: 1, completed: 0 });
  });

  it('sum the dues of the past into one row per completion state, and count the same after', async () => {
    const { user, userId } = await setUp();
    const api = await signInAt(NOW.getTime(), user);
    const before = await countsMatchingListings(api);
    // That read found the past's buckets worth folding: the dues of more than three days ago are now
    // one row per completion state, so a read sums one row for the 40 and more dues of the past.
    const [past] = await queryRows<{ rows: number }>(
      t.database.db,
      sql`select count(*)::int as rows from task_time_counts
           where user_id = ${userId} and kind = 'due' and bucket < ${new Date(NOW.getTime() - 3 * DAY)}`,
    );
    expect(past?.rows).toBe(1);
    expect(await countsMatchingListings(api)).toEqual(before);
    // Days later, what was due around today is in the past, and a done task is taken back.
    const later = await signInAt(NOW.getTime() + 5 * DAY, user);
    const [done] = (await later.call('GET', '/tasks?status=completed&sort=title')).body.items;
    await later.call('POST', `/tasks/${done.id}/uncomplete`, {});
    const counts = await countsMatchingListings(later);
    expect(counts.overdue).toEqual({ open: 11 + PAST_DUES, completed: 1 });
  });
});
