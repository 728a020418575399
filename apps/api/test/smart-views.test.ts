import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
