import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TaskClient, taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function batchUser(): Promise<TaskClient> {
  const api = taskClient(t, (await signUp(t)).accessToken);
  await api.call('PATCH', '/task-manager-config', { isBatchEnabled: true });
  return api;
}

async function read(api: TaskClient, id: string) {
  return (await api.call('GET', `/tasks/${id}`)).body as {
    title: string;
    columnId: string;
    priority: number;
    completedAt: string | null;
    parentId: string | null;
    deletedAt: string | null;
  };
}

/** Titles of a column's tasks in their manual order. */
async function columnOrder(api: TaskClient, ids: string[], columnId: string) {
  const tasks = await Promise.all(ids.map((id) => read(api, id)));
  return tasks
    .filter((task) => task.columnId === columnId)
    .sort((a, b) => a.priority - b.priority)
    .map((task) => task.title);
}

describe('batch actions', () => {
  it('move tasks to the end of a column in the order picked, completing and reopening them', async () => {
    const api = await batchUser();
    const [todo, progress, done] = await api.columns();
    const already = await api.createTask({ title: 'Already there', columnId: progress!.id });
    const a = await api.createTask({ title: 'A' });
    const b = await api.createTask({ title: 'B' });
    const c = await api.createTask({ title: 'C' });
    const ids = [already.id, a.id, b.id, c.id];

    const moved = await api.call('POST', '/tasks/bulk', {
      action: 'move',
      ids: [c.id, a.id],
      columnId: progress!.id,
    });
    expect(moved.body).toEqual({ updated: 2 });
    expect(await columnOrder(api, ids, progress!.id)).toEqual(['Already there', 'C', 'A']);

    await api.call('POST', '/tasks/bulk', { action: 'move', ids: [b.id, c.id], columnId: done!.id });
    expect((await read(api, b.id)).completedAt).not.toBeNull();
    expect(await columnOrder(api, ids, done!.id)).toEqual(['B', 'C']);

    await api.call('POST', '/tasks/bulk', { action: 'move', ids: [c.id], columnId: todo!.id });
    expect(await read(api, c.id)).toMatchObject({ columnId: todo!.id, completedAt: null });
    expect((await read(api, b.id)).completedAt).not.toBeNull();
  });

  it('complete whole subtrees into the completion column, and reopen them into the default one', async () => {
    const api = await batchUser();
    const [todo, , done] = await api.columns();
    const parent = await api.createTask({ title: 'Parent' });
    const child = await api.createTask({ title: 'Child', parentId: parent.id });
    const other = await api.createTask({ title: 'Other' });
    const ids = [parent.id, child.id, other.id];

    await api.call('POST', '/tasks/bulk', { action: 'complete', ids: [parent.id, other.id] });
    for (const id of ids)
      expect(await read(api, id)).toMatchObject({ columnId: done!.id, completedAt: expect.any(String) });
    expect(await columnOrder(api, ids, done!.id)).toEqual(['Parent', 'Child', 'Other']);

    await api.call('POST', '/tasks/bulk', { action: 'uncomplete', ids: [other.id, parent.id] });
    expect(await read(api, parent.id)).toMatchObject({ columnId: todo!.id, completedAt: null });
    expect(await read(api, child.id)).toMatchObject({ columnId: done!.id, completedAt: expect.any(String) });
    expect(await columnOrder(api, ids, todo!.id)).toEqual(['Other', 'Parent']);
  });

  it('refuse to work on a task in the trash, and change none of the others', async () => {
    const api = await batchUser();
    const live = await api.createTask({ title: 'Live' });
    const trashed = await api.createTask({ title: 'Trashed' });
    await api.call('DELETE', `/tasks/${trashed.id}`);
    for (const body of [
      { action: 'complete', ids: [live.id, trashed.id] },
      { action: 'setUrgency', ids: [live.id, trashed.id], urgency: 'high' },
    ]) {
      const response = await api.call('POST', '/tasks/bulk', body);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('CONFLICT');
    }
    expect(await read(api, live.id)).toMatchObject({ completedAt: null, urgency: 'medium' });
  });

  it('trash and restore subtrees; a subtask restored with its parent stays under it', async () => {
    const api = await batchUser();
    const parent = await api.createTask({ title: 'Parent' });
    const child = await api.createTask({ title: 'Child', parentId: parent.id });
    const grandchild = await api.createTask({ title: 'Grandchild', parentId: child.id });

    await api.call('POST', '/tasks/bulk', { action: 'delete', ids: [parent.id] });
    for (const id of [parent.id, child.id, grandchild.id])
      expect((await read(api, id)).deletedAt).not.toBeNull();

    // The subtask comes first in the batch: it must not be cut loose from a parent restored with it.
    await api.call('POST', '/tasks/bulk', { action: 'restore', ids: [child.id, parent.id] });
    expect(await read(api, child.id)).toMatchObject({ deletedAt: null, parentId: parent.id });
    expect(await read(api, grandchild.id)).toMatchObject({ deletedAt: null, parentId: child.id });

    await api.call('POST', '/tasks/bulk', { action: 'delete', ids: [parent.id] });
    await api.call('POST', '/tasks/bulk', { action: 'restore', ids: [child.id] });
    expect(await read(api, child.id)).toMatchObject({ deletedAt: null, parentId: null });
    expect((await read(api, parent.id)).deletedAt).not.toBeNull();
  });
});
