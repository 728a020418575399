import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TaskClient, taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date('2026-03-10T12:00:00Z'); // a Tuesday
beforeEach(() => t.clock.set(NOW));

async function newUser(config: Record<string, unknown> = {}): Promise<TaskClient> {
  const api = taskClient(t, (await signUp(t)).accessToken, 'UTC');
  const response = await api.call('PATCH', '/task-manager-config', { isBatchEnabled: true, ...config });
  expect(response.status).toBe(200);
  return api;
}

async function readTask(api: TaskClient, id: string) {
  const response = await api.call('GET', `/tasks/${id}`);
  expect(response.status).toBe(200);
  return response.body as Record<string, unknown>;
}

async function todayPlan(api: TaskClient) {
  const response = await api.call('GET', '/tasks/today-plan');
  expect(response.status).toBe(200);
  return response.body as Record<string, unknown>;
}

describe('the daily limit', () => {
  it('refuses the task over the limit with 409, naming the limit, and changes nothing', async () => {
    const api = await newUser({ dailyLimit: 2 });
    await api.createTask({ title: 'One', addedToToday: true });
    await api.createTask({ title: 'Two', addedToToday: true });
    const third = await api.createTask({ title: 'Three' });

    const patched = await api.call('PATCH', `/tasks/${third.id}`, { addedToToday: true, title: 'Renamed' });
    expect(patched.status).toBe(409);
    expect(patched.body).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      error: 'Today already holds 2 tasks, your daily limit',
    });
    expect(await readTask(api, third.id)).toMatchObject({ addedToToday: null, title: 'Three' });

    const created = await api.call('POST', '/tasks', { title: 'Four', addedToToday: true });
    expect(created.status).toBe(409);
    expect(created.body).toMatchObject({ code: 'DAILY_LIMIT_REACHED' });
    expect(await api.titles('view=tasks')).toEqual(expect.not.arrayContaining(['Four']));
    expect(await todayPlan(api)).toMatchObject({ openCount: 2, dailyLimit: 2 });
  });

  it('admits a task right at the boundary and counts tasks due today toward it', async () => {
    const api = await newUser({ dailyLimit: 2 });
    // Due this morning: in Today by its due date, counted, never refused.
    const due = await api.createTask({ title: 'Due', dueDate: '2026-03-10T09:00:00Z' });
    const second = await api.createTask({ title: 'Second' });
    const third = await api.createTask({ title: 'Third' });

    expect((await api.call('PATCH', `/tasks/${second.id}`, { addedToToday: true })).status).toBe(200);
    expect((await api.call('PATCH', `/tasks/${third.id}`, { addedToToday: true })).status).toBe(409);
    // Pinning a task that is already in Today takes no new place.
    expect((await api.call('PATCH', `/tasks/${due.id}`, { addedToToday: true })).status).toBe(200);

    // A completed task frees its place.
    expect((await api.call('POST', `/tasks/${second.id}/complete`, {})).status).toBe(200);
    expect((await api.call('PATCH', `/tasks/${third.id}`, { addedToToday: true })).status).toBe(200);
  });

  it('has no limit at 0', async () => {
    const api = await newUser({ dailyLimit: 0 });
    for (let index = 0; index < 6; index += 1) {
      await api.createTask({ title: `Task ${index}`, addedToToday: true });
    }
    expect(await todayPlan(api)).toMatchObject({ openCount: 6, dailyLimit: 0 });
  });

  it('holds for bulk adds: the whole batch is refused when it would go over', async () => {
    const api = await newUser({ dailyLimit: 3 });
    await api.createTask({ title: 'Planned', addedToToday: true });
    const ids = [];
    for (const title of ['A', 'B', 'C']) ids.push((await api.createTask({ title })).id);

    const tooMany = await api.call('POST', '/tasks/bulk', { action: 'addToToday', ids });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'DAILY_LIMIT_REACHED', detail: 'Room for 2 more; 3 asked' });
    for (const id of ids) expect(await readTask(api, id)).toMatchObject({ addedToToday: null });

    const fits = await api.call('POST', '/tasks/bulk', { action: 'addToToday', ids: ids.slice(0, 2) });
    expect(fits.status).toBe(200);
    expect(await todayPlan(api)).toMatchObject({ openCount: 3 });

    const removed = await api.call('POST', '/tasks/bulk', {
      action: 'removeFromToday',
      ids: ids.slice(0, 1),
    });
    expect(removed.status).toBe(200);
    expect(await readTask(api, ids[0] as string)).toMatchObject({ addedToToday: false });
    expect(await todayPlan(api)).toMatchObject({ openCount: 2 });
  });

  it('lets exactly one of two simultaneous adds take the last place', async () => {
    const api = await newUser({ dailyLimit: 1 });
    const a = await api.createTask({ title: 'A' });
    const b = await api.createTask({ title: 'B' });
    const answers = await Promise.all([
      api.call('PATCH', `/tasks/${a.id}`, { addedToToday: true }),
      api.call('PATCH', `/tasks/${b.id}`, { addedToToday: true }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await todayPlan(api)).toMatchObject({ openCount: 1 });
  });
});

describe("today's plan", () => {
  it('sums estimates of open tasks in Today against what is left of the work day', async () => {
    const api = await newUser({ workDayStart: '09:00', workDayEnd: '17:00', dailyLimit: 5 });
    await api.createTask({ title: 'Write', addedToToday: true, estimatedTime: 90 });
    await api.createTask({ title: 'Call', dueDate: '2026-03-10T10:00:00Z', estimatedTime: 30 });
    await api.createTask({ title: 'Think', addedToToday: true });
    await api.createTask({ title: 'Later', estimatedTime: 600 });
    const done = await api.createTask({ title: 'Done', addedToToday: true, estimatedTime: 45 });
    await api.call('POST', `/tasks/${done.id}/complete`, {});

    expect(await todayPlan(api)).toEqual({
      openCount: 3,
      dailyLimit: 5,
      plannedMinutes: 120,
      unestimatedCount: 1,
      workDayStart: '09:00',
      workDayEnd: '17:00',
      // 12:00 UTC: five hours to go.
      minutesLeftInWorkDay: 300,
    });
    t.clock.set(new Date('2026-03-10T12:10:00Z'));
    expect(await todayPlan(api)).toMatchObject({ minutesLeftInWorkDay: 290 });
  });

  it('has no time left to show while the work-day hours are unset', async () => {
    const api = await newUser();
    expect(await todayPlan(api)).toMatchObject({ minutesLeftInWorkDay: null, workDayStart: null });
  });

  it('refuses work-day hours that end before they start, and keeps the old ones', async () => {
    const api = await newUser({ workDayStart: '09:00', workDayEnd: '17:00' });
    const refused = await api.call('PATCH', '/task-manager-config', { workDayEnd: '08:30' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: 'Work day must end after it starts',
      issues: [{ path: ['body', 'workDayEnd'] }],
    });
    expect((await api.call('GET', '/task-manager-config')).body).toMatchObject({ workDayEnd: '17:00' });
  });
});

describe('rewards', () => {
  it('takes up to 200 characters', async () => {
    const api = await newUser();
    expect((await api.call('POST', '/tasks', { title: 'Run', reward: 'x'.repeat(200) })).status).toBe(201);
    const tooLong = await api.call('POST', '/tasks', { title: 'Run', reward: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues[0]).toMatchObject({ message: 'Reward must be 200 characters or less' });
  });

  it('is claimable once the task is completed, and only once', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Run 5 km', reward: 'Ice cream' });
    const early = await api.call('POST', `/tasks/${task.id}/claim-reward`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'REWARD_NOT_CLAIMABLE',
      error: 'Complete the task to claim its reward',
    });

    await api.call('POST', `/tasks/${task.id}/complete`, {});
    t.clock.set(new Date('2026-03-10T12:05:00Z'));
    const claimed = await api.call('POST', `/tasks/${task.id}/claim-reward`);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ rewardedAt: '2026-03-10T12:05:00.000Z' });

    const again = await api.call('POST', `/tasks/${task.id}/claim-reward`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'This reward is already claimed' });

    const plain = await api.createTask({ title: 'No reward' });
    await api.call('POST', `/tasks/${plain.id}/complete`, {});
    const none = await api.call('POST', `/tasks/${plain.id}/claim-reward`);
    expect(none.body).toMatchObject({ code: 'REWARD_NOT_CLAIMABLE', error: 'This task has no reward' });
  });

  it('is withdrawn when the task is reopened before claiming', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Tidy', reward: 'A film' });
    await api.call('POST', `/tasks/${task.id}/complete`, {});
    expect((await api.call('GET', '/rewards')).body).toMatchObject({ claimableCount: 1 });
    await api.call('POST', `/tasks/${task.id}/uncomplete`);
    expect((await api.call('GET', '/rewards')).body).toEqual({
      items: [],
      nextCursor: null,
      claimableCount: 0,
    });
    expect((await api.call('POST', `/tasks/${task.id}/claim-reward`)).status).toBe(409);
  });

  it('is claimed once when two claims arrive together', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Ship', reward: 'Cake' });
    await api.call('POST', `/tasks/${task.id}/complete`, {});
    const answers = await Promise.all([
      api.call('POST', `/tasks/${task.id}/claim-reward`),
      api.call('POST', `/tasks/${task.id}/claim-reward`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it('lists claimable and claimed rewards with their dates, a page at a time', async () => {
    const api = await newUser();
    const titles = ['First', 'Second', 'Third'];
    for (const [index, title] of titles.entries()) {
      const task = await api.createTask({ title, reward: `Reward ${index + 1}` });
      t.clock.set(new Date(NOW.getTime() + (index + 1) * 60_000));
      await api.call('POST', `/tasks/${task.id}/complete`, {});
      if (title === 'Second') await api.call('POST', `/tasks/${task.id}/claim-reward`);
    }

    const first = await api.call('GET', '/rewards?status=claimable&limit=1');
    expect(first.body).toMatchObject({
      items: [
        { title: 'Third', reward: 'Reward 3', completedAt: '2026-03-10T12:03:00.000Z', rewardedAt: null },
      ],
      claimableCount: 2,
    });
    const next = await api.call('GET', `/rewards?status=claimable&limit=1&cursor=${first.body.nextCursor}`);
    expect(next.body.items.map((item: { title: string }) => item.title)).toEqual(['First']);
    expect(next.body.nextCursor).toBeNull();

    const claimed = await api.call('GET', '/rewards?status=claimed');
    expect(claimed.body.items).toEqual([
      expect.objectContaining({ title: 'Second', rewardedAt: '2026-03-10T12:02:00.000Z' }),
    ]);
    const all = await api.call('GET', '/rewards?status=all');
    expect(all.body.items.map((item: { title: string }) => item.title)).toEqual(['Third', 'Second', 'First']);
  });

  it('comes with every occurrence of a recurring task', async () => {
    const api = await newUser();
    const task = await api.createTask({
      title: 'Gym',
      reward: 'Sauna',
      dueDate: '2026-03-10T18:00:00Z',
      quickurrence: { rule: 'daily' },
    });
    await api.call('POST', `/tasks/${task.id}/complete`, {});
    await api.call('POST', `/tasks/${task.id}/claim-reward`);
    const next = (await api.call('GET', '/tasks?view=recurrent&status=open')).body.items[0];
    expect(next).toMatchObject({ title: 'Gym', reward: 'Sauna', rewardedAt: null });
    expect(next.id).not.toBe(task.id);
  });
});

async function draw(api: TaskClient, query: string) {
  const response = await api.call('GET', `/tasks/random?${query}`);
  expect(response.status).toBe(200);
  return response.body as { task: { id: string; title: string } | null; candidates: number; skipped: number };
}

describe('the random draw', () => {
  it('draws the same task for the same seed, and every open task for some seed', async () => {
    const api = await newUser();
    for (const title of ['A', 'B', 'C']) await api.createTask({ title });
    const first = await draw(api, 'seed=7');
    expect((await draw(api, 'seed=7')).task?.id).toBe(first.task?.id);
    expect(first.candidates).toBe(3);
    const drawn = new Set<string>();
    for (let seed = 0; seed < 60; seed += 1) drawn.add((await draw(api, `seed=${seed}`)).task?.title ?? '');
    expect([...drawn].sort()).toEqual(['A', 'B', 'C']);
  });

  it('favours urgent, important and older tasks', async () => {
    const api = await newUser();
    t.clock.set(new Date('2025-12-01T12:00:00Z'));
    await api.createTask({ title: 'Old and pressing', urgency: 'high', importance: 'high' });
    t.clock.set(NOW);
    await api.createTask({ title: 'New and idle', urgency: 'low', importance: 'low' });
    let pressing = 0;
    for (let seed = 0; seed < 100; seed += 1) {
      if ((await draw(api, `seed=${seed}`)).task?.title === 'Old and pressing') pressing += 1;
    }
    // Weights 9 × 4 against 1: about 97 draws in 100.
    expect(pressing).toBeGreaterThan(85);
  });

  it('leaves out skipped tasks for an hour, on every device, and done, archived or trashed ones', async () => {
    const user = await signUp(t);
    const api = taskClient(t, user.accessToken, 'UTC');
    const keep = await api.createTask({ title: 'Keep' });
    const skip = await api.createTask({ title: 'Skip me' });
    for (const [title, action] of [
      ['Done', 'complete'],
      ['Archived', 'archive'],
    ] as const) {
      const task = await api.createTask({ title });
      await api.call('POST', `/tasks/${task.id}/${action}`, action === 'complete' ? {} : undefined);
    }
    const trashed = await api.createTask({ title: 'Trashed' });
    await api.call('DELETE', `/tasks/${trashed.id}`);

    expect((await api.call('POST', `/tasks/${skip.id}/draw-skip`)).status).toBe(204);
    for (let seed = 0; seed < 20; seed += 1) {
      expect(await draw(api, `seed=${seed}`)).toMatchObject({
        task: { id: keep.id },
        candidates: 1,
        skipped: 1,
      });
    }
    // An hour later, on another device (a new sign-in), the skipped task is back in the draw.
    t.clock.set(new Date(NOW.getTime() + 59 * 60_000));
    const signIn = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: user.username, password: user.password },
    });
    const otherDevice = taskClient(t, signIn.json().accessToken.token, 'UTC');
    expect(await draw(otherDevice, 'seed=1')).toMatchObject({ candidates: 1, skipped: 1 });
    t.clock.set(new Date(NOW.getTime() + 61 * 60_000));
    expect(await draw(otherDevice, 'seed=1')).toMatchObject({ candidates: 2, skipped: 0 });
  });

  it('draws within a list, and nothing from an empty pool', async () => {
    const api = await newUser();
    const list = (await api.call('POST', '/lists', { name: 'Home' })).body as { id: string };
    await api.createTask({ title: 'Elsewhere' });
    const home = await api.createTask({ title: 'At home', listId: list.id });
    expect(await draw(api, `seed=3&listId=${list.id}`)).toMatchObject({
      task: { id: home.id },
      candidates: 1,
    });
    const empty = await newUser();
    expect(await draw(empty, 'seed=3')).toEqual({ task: null, candidates: 0, skipped: 0 });
  });
});

describe('swiss', () => {
  async function bigTask(api: TaskClient) {
    const site = await api.createTask({ title: 'Launch site', estimatedTime: 600 });
    const design = await api.createTask({ title: 'Design', parentId: site.id });
    const logo = await api.createTask({ title: 'Logo', parentId: design.id, estimatedTime: 10 });
    const copy = await api.createTask({ title: 'Copy', parentId: site.id, estimatedTime: 120 });
    await api.call('POST', `/tasks/${site.id}/checklist-items`, { title: 'Buy domain' });
    return { site, design, logo, copy };
  }

  it('offers the big tasks, the most open work first', async () => {
    const api = await newUser();
    const small = await api.createTask({ title: 'Small' });
    await api.createTask({ title: 'Step', parentId: small.id });
    await api.createTask({ title: 'No holes', estimatedTime: 300 });
    const { site } = await bigTask(api);
    const response = await api.call('GET', '/tasks/swiss/candidates');
    expect(response.body.items).toEqual([
      { id: site.id, title: 'Launch site', estimatedTime: 600, openSubtasks: 3, openChecklistItems: 1 },
      { id: small.id, title: 'Small', estimatedTime: null, openSubtasks: 1, openChecklistItems: 0 },
    ]);
  });

  it("deals a big task's holes, small ones first, and counts its progress", async () => {
    const api = await newUser();
    const { site, logo, copy } = await bigTask(api);
    const deck = (await api.call('GET', `/tasks/${site.id}/swiss`)).body;
    expect(deck.task).toMatchObject({ id: site.id, title: 'Launch site' });
    expect(
      deck.holes.map((hole: { kind: string; title: string; path: string[] }) => [
        hole.kind,
        hole.title,
        hole.path,
      ]),
    ).toEqual([
      ['checklistItem', 'Buy domain', []],
      ['subtask', 'Logo', ['Design']],
      ['subtask', 'Copy', []],
    ]);
    expect(deck.progress).toEqual({ done: 0, total: 4 });

    await api.call('POST', `/tasks/${logo.id}/complete`, {});
    const after = (await api.call('GET', `/tasks/${site.id}/swiss`)).body;
    // Design's only subtask is done, so Design itself becomes a hole.
    expect(after.holes.map((hole: { title: string }) => hole.title)).toEqual([
      'Buy domain',
      'Design',
      'Copy',
    ]);
    expect(after.progress).toEqual({ done: 1, total: 4 });
    expect(copy.id).toEqual(expect.any(String));
  });
});
