import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
let api: ReturnType<typeof taskClient>;
beforeAll(async () => {
  t = await createTestApp();
  api = taskClient(t, (await signUp(t)).accessToken);
});
afterAll(() => t.close());

describe('a task in a listing carries its subtask progress', () => {
  it('counts completed direct subtasks among those neither archived nor trashed', async () => {
    const parent = await api.createTask({ title: 'Plan the launch' });
    const [done, , archived, trashed] = await Promise.all(
      ['Write', 'Book', 'Old idea', 'Mistake'].map((title) => api.createTask({ title, parentId: parent.id })),
    );
    expect((await api.call('POST', `/tasks/${done?.id}/complete`, {})).status).toBe(200);
    // A deeper subtask is its own parent's business, not this task's.
    await api.createTask({ title: 'Grandchild', parentId: done?.id });
    expect((await api.call('POST', `/tasks/${archived?.id}/archive`)).status).toBe(200);
    expect((await api.call('DELETE', `/tasks/${trashed?.id}`)).status).toBe(204);

    const page = await api.call('GET', '/tasks?parentId=none');
    const listed = page.body.items.find((task: { id: string }) => task.id === parent.id);
    expect(listed.subtaskProgress).toEqual({ completed: 1, total: 2 });
    expect((await api.call('GET', `/tasks/${parent.id}`)).body.subtaskProgress).toEqual({
      completed: 1,
      total: 2,
    });
  });
});
