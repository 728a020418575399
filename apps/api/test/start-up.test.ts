import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { type WorklogUser, worklogUser } from './support/worklog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user with a list, tasks in it (one due today, one completed), settings changed and a timer running. */
async function userWithData(api: WorklogUser, label: string) {
  const list = await api.call('POST', '/lists', { name: `${label} errands` });
  expect(list.status).toBe(201);
  await api.createTask({
    title: `${label} due today`,
    listId: list.body.id,
    dueDate: '2026-03-10T12:00:00+01:00',
  });
  const done = await api.createTask({ title: `${label} done`, listId: list.body.id });
  expect((await api.call('POST', `/tasks/${done.id}/complete`, {})).status).toBe(200);
  const config = await api.call('PATCH', '/task-manager-config', { defaultView: 'kanban', dailyLimit: 7 });
  expect(config.status).toBe(200);
  const project = await api.createProject({ name: `${label} website` });
  const timer = await api.call('POST', '/worklogs/timer/start', {
    projectId: project.id,
    description: label,
  });
  expect(timer.status).toBe(201);
  return { listId: list.body.id as string };
}

describe('GET /api/v1/start-up', () => {
  it('answers what each separate read answers, in one response', async () => {
    t.clock.set(new Date('2026-03-10T09:00:00Z'));
    const ann = await worklogUser(t, { timeZone: 'Europe/Warsaw' });
    const { listId } = await userWithData(ann, 'Ann');

    const startUp = await ann.call('GET', '/start-up');
    expect(startUp.status).toBe(200);
    const separate = await Promise.all(
      ['/users/me', '/task-manager-config', '/smart-views', '/lists', '/worklogs/timer'].map(async (url) => {
        const response = await ann.call('GET', url);
        expect(response.status, url).toBe(200);
        return response.body;
      }),
    );
    expect(startUp.body).toEqual({
      user: separate[0],
      taskManagerConfig: separate[1],
      smartViewCounts: separate[2],
      lists: separate[3],
      worklogTimer: separate[4],
    });
    // The data is really there, so the comparison above compares something.
    expect(startUp.body.taskManagerConfig).toMatchObject({ defaultView: 'kanban', dailyLimit: 7 });
    expect(startUp.body.lists.items).toContainEqual(
      expect.objectContaining({ id: listId, openTasksCount: 1, completedTasksCount: 1 }),
    );
    const today = startUp.body.smartViewCounts.items.find((item: { view: string }) => item.view === 'today');
    expect(today).toMatchObject({ open: 1 });
    expect(startUp.body.worklogTimer.timer).toMatchObject({ description: 'Ann' });
  });

  it("never shows another user's data", async () => {
    t.clock.set(new Date('2026-03-10T09:00:00Z'));
    const ann = await worklogUser(t);
    await userWithData(ann, 'Ann');
    const bob = await worklogUser(t);

    const response = await bob.call('GET', '/start-up');
    expect(response.status).toBe(200);
    const me = (await bob.call('GET', '/users/me')).body;
    expect(response.body.user).toEqual(me);
    expect(response.text).not.toContain('Ann');
    // A new account has only its own defaults: no lists of Ann's, no counts, no timer.
    expect(response.body.lists.items.every((list: { name: string }) => !list.name.startsWith('Ann'))).toBe(
      true,
    );
    expect(
      response.body.smartViewCounts.items.every(
        (item: { open: number; completed: number }) => item.open === 0 && item.completed === 0,
      ),
    ).toBe(true);
    expect(response.body.worklogTimer).toEqual({ timer: null });
    expect(response.body.taskManagerConfig.defaultView).toBeNull();
  });

  it('answers 401 in the error shape without a token or with a bad one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/start-up',
        ...(token ? { token } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
    }
  });
});
