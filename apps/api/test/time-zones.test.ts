import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// 12:00 UTC on Monday 23 November 2026 is still the 23rd in New York, Berlin and Pago Pago, but
// already the 24th in Kiritimati.
const NOW = new Date('2026-11-23T12:00:00Z');

/** Each zone with the instant its "today" began at NOW. */
const zones = [
  { zone: 'America/New_York', startOfToday: '2026-11-23T05:00:00.000Z' },
  { zone: 'Europe/Berlin', startOfToday: '2026-11-22T23:00:00.000Z' },
  { zone: 'Pacific/Kiritimati', startOfToday: '2026-11-23T10:00:00.000Z' },
  { zone: 'Pacific/Pago_Pago', startOfToday: '2026-11-23T11:00:00.000Z' },
] as const;

const shift = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

async function signUpIn(zone: string | undefined) {
  counter += 1;
  const username = `zoned${process.pid}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return t.request({
    method: 'POST',
    url: '/auth/signup',
    headers: zone === undefined ? {} : { 'x-timezone': zone },
    payload: { username, email: `${username}@example.com`, password: 'Correct-Horse1' },
  });
}
let counter = 0;

async function profileZone(token: string) {
  return (await taskClient(t, token).call('GET', '/users/me')).body.timezone as string;
}

describe('signing up', () => {
  it('keeps the browser’s time zone as the profile’s', async () => {
    const response = await signUpIn('Pacific/Kiritimati');
    expect(response.statusCode).toBe(201);
    expect(await profileZone(response.json().accessToken.token)).toBe('Pacific/Kiritimati');
  });

  it('falls back to UTC without the header', async () => {
    const response = await signUpIn(undefined);
    expect(response.statusCode).toBe(201);
    expect(await profileZone(response.json().accessToken.token)).toBe('UTC');
  });

  it('refuses a zone that is not one, and creates nothing', async () => {
    const response = await signUpIn('Mars/Olympus_Mons');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_TIMEZONE' });
  });
});

describe.each(zones)('seen from $zone at the same instant', ({ zone, startOfToday }) => {
  async function setUp() {
    t.clock.set(NOW);
    const user = await signUp(t);
    const api = taskClient(t, user.accessToken, zone);
    // Whole days are given as any instant of the day; the API keeps the start of that day.
    const wholeToday = await api.createTask({
      title: 'whole today',
      dueDate: NOW.toISOString(),
      dueDateHasTime: false,
    });
    await api.createTask({
      title: 'whole yesterday',
      dueDate: shift(NOW.toISOString(), -DAY),
      dueDateHasTime: false,
    });
    await api.createTask({
      title: 'whole tomorrow',
      dueDate: shift(NOW.toISOString(), DAY),
      dueDateHasTime: false,
    });
    await api.createTask({ title: 'timed early today', dueDate: shift(startOfToday, 30 * 60_000) });
    await api.createTask({
      title: 'timed late yesterday',
      dueDate: shift(startOfToday, -60_000),
      dueDateHasTime: true,
    });
    await api.createTask({ title: 'timed tomorrow', dueDate: shift(startOfToday, DAY + 9 * HOUR) });
    return { api, wholeToday, user };
  }

  /** Moves the clock, then signs in again: the first session's access token has expired by then. */
  async function laterAt(instant: Date, user: { username: string; password: string }) {
    t.clock.set(instant);
    const response = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: user.username, password: user.password },
    });
    return taskClient(t, response.json().accessToken.token, zone);
  }

  const view = (api: ReturnType<typeof taskClient>, name: string) => api.titles(`view=${name}&sort=title`);

  async function counts(api: ReturnType<typeof taskClient>) {
    const items = (await api.call('GET', '/smart-views')).body.items as { view: string; open: number }[];
    return Object.fromEntries(items.map((item) => [item.view, item.open]));
  }

  it('stores a whole-day due as the start of that day there, and says it has no time', async () => {
    const { wholeToday } = await setUp();
    expect(wholeToday).toMatchObject({ dueDate: startOfToday, dueDateHasTime: false });
  });

  it('counts a whole-day due on its day as Today, not Overdue, and a timed one by its instant', async () => {
    const { api } = await setUp();
    expect(await view(api, 'today')).toEqual([
      'timed early today',
      'timed late yesterday',
      'whole today',
      'whole yesterday',
    ]);
    expect(await view(api, 'overdue')).toEqual(['timed late yesterday', 'whole yesterday']);
    expect(await view(api, 'tomorrow')).toEqual(['timed tomorrow', 'whole tomorrow']);
    expect(await counts(api)).toMatchObject({ today: 4, overdue: 2, tomorrow: 2 });
  });

  it('keeps a whole-day due out of Overdue to the last minute of its day, and puts it there after', async () => {
    const { user } = await setUp();
    const lastMinute = await laterAt(new Date(new Date(startOfToday).getTime() + DAY - 60_000), user);
    expect(await view(lastMinute, 'overdue')).toEqual(['timed late yesterday', 'whole yesterday']);
    expect((await counts(lastMinute)).overdue).toBe(2);
    const nextDay = await laterAt(new Date(new Date(startOfToday).getTime() + DAY), user);
    expect(await view(nextDay, 'overdue')).toEqual([
      'timed early today',
      'timed late yesterday',
      'whole today',
      'whole yesterday',
    ]);
    expect(await view(nextDay, 'today')).toContain('whole tomorrow');
    expect((await counts(nextDay)).overdue).toBe(4);
  });
});

describe('whole-day dues', () => {
  it('use the profile’s zone when the request has none', async () => {
    t.clock.set(NOW);
    const response = await signUpIn('Pacific/Kiritimati');
    const api = taskClient(t, response.json().accessToken.token);
    const task = await api.createTask({
      title: 'no header',
      dueDate: NOW.toISOString(),
      dueDateHasTime: false,
    });
    expect(task.dueDate).toBe('2026-11-23T10:00:00.000Z');
  });

  it('can be turned into one from a timed due and back, and a cleared due reads as timed', async () => {
    t.clock.set(NOW);
    const api = taskClient(t, (await signUp(t)).accessToken, 'America/New_York');
    const { id } = await api.createTask({ title: 'Call', dueDate: '2026-11-23T15:30:00Z' });
    expect((await api.call('PATCH', `/tasks/${id}`, { dueDateHasTime: false })).body).toMatchObject({
      dueDate: '2026-11-23T05:00:00.000Z',
      dueDateHasTime: false,
    });
    const timed = await api.call('PATCH', `/tasks/${id}`, { dueDate: '2026-11-24T14:00:00Z' });
    expect(timed.body).toMatchObject({ dueDate: '2026-11-24T14:00:00.000Z', dueDateHasTime: true });
    const cleared = await api.call('PATCH', `/tasks/${id}`, { dueDate: null, dueDateHasTime: false });
    expect(cleared.body).toMatchObject({ dueDate: null, dueDateHasTime: true });
  });

  it('say so in a parent’s subtasks and in the tree', async () => {
    t.clock.set(NOW);
    const api = taskClient(t, (await signUp(t)).accessToken, 'Europe/Berlin');
    const parent = await api.createTask({ title: 'Trip' });
    await api.createTask({
      title: 'Pack',
      parentId: parent.id,
      dueDate: NOW.toISOString(),
      dueDateHasTime: false,
    });
    const detail = await api.call('GET', `/tasks/${parent.id}`);
    expect(detail.body.children).toMatchObject([{ title: 'Pack', dueDateHasTime: false }]);
    const tree = await api.call('GET', `/tasks/${parent.id}/tree`);
    expect(tree.status).toBe(200);
    expect(JSON.stringify(tree.body)).toContain('"dueDateHasTime":false');
  });

  it('refuse a flag that is not a boolean, changing nothing', async () => {
    t.clock.set(NOW);
    const api = taskClient(t, (await signUp(t)).accessToken, 'UTC');
    const { id } = await api.createTask({ title: 'Kept', dueDate: '2026-11-23T15:30:00Z' });
    const response = await api.call('PATCH', `/tasks/${id}`, { dueDateHasTime: 'no' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    expect((await api.call('GET', `/tasks/${id}`)).body).toMatchObject({
      dueDate: '2026-11-23T15:30:00.000Z',
      dueDateHasTime: true,
    });
  });
});
