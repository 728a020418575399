import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = async () => taskClient(t, (await signUp(t)).accessToken);

describe('lists', () => {
  it('are created in order, with colour and group, and counted', async () => {
    const api = await newUser();
    const work = (await api.call('POST', '/lists', { name: 'Work', color: '#f80', group: 'Life' })).body;
    const home = (await api.call('POST', '/lists', { name: 'Home' })).body;
    expect(work).toMatchObject({ name: 'Work', color: '#f80', group: 'Life' });
    await api.createTask({ title: 'Report', listId: work.id });
    const done = await api.createTask({ title: 'Slides', listId: work.id });
    await api.call('POST', `/tasks/${done.id}/complete`, {});
    const { items } = (await api.call('GET', '/lists')).body;
    expect(items.map((list: { name: string }) => list.name)).toEqual(['Work', 'Home']);
    expect(items[0]).toMatchObject({ openTasksCount: 1, completedTasksCount: 1 });
    expect(items[1]).toMatchObject({ id: home.id, openTasksCount: 0, completedTasksCount: 0 });
  });

  it('refuse a bad colour and an empty name with the spec messages', async () => {
    const api = await newUser();
    const badColor = await api.call('POST', '/lists', { name: 'X', color: 'orange' });
    expect(badColor.status).toBe(400);
    expect(badColor.body.issues[0].message).toBe('Color must be a valid hex color');
    const empty = await api.call('POST', '/lists', { name: '  ' });
    expect(empty.body.issues[0].message).toBe('Name is required');
  });

  it('reorder when given every id once', async () => {
    const api = await newUser();
    const a = (await api.call('POST', '/lists', { name: 'A' })).body;
    const b = (await api.call('POST', '/lists', { name: 'B' })).body;
    const c = (await api.call('POST', '/lists', { name: 'C' })).body;
    const reordered = await api.call('PUT', '/lists/order', { ids: [c.id, a.id, b.id] });
    expect(reordered.body.items.map((list: { name: string }) => list.name)).toEqual(['C', 'A', 'B']);
    expect((await api.call('PUT', '/lists/order', { ids: [c.id, a.id] })).status).toBe(400);
  });

  it('can be deleted; their tasks stay, in no list', async () => {
    const api = await newUser();
    const list = (await api.call('POST', '/lists', { name: 'Gone soon' })).body;
    const task = await api.createTask({ title: 'Survivor', listId: list.id });
    expect((await api.call('DELETE', `/lists/${list.id}`)).status).toBe(204);
    const after = await api.call('GET', `/tasks/${task.id}`);
    expect(after.body).toMatchObject({ title: 'Survivor', listId: null });
  });
});

describe('kanban columns', () => {
  it('start as To do (default), In progress, Done (completion)', async () => {
    const api = await newUser();
    expect(
      (await api.columns()).map(({ name, isDefault, isCompletion }) => [name, isDefault, isCompletion]),
    ).toEqual([
      ['To do', true, false],
      ['In progress', false, false],
      ['Done', false, true],
    ]);
  });

  it('keep exactly one default and at most one completion column', async () => {
    const api = await newUser();
    const review = (await api.call('POST', '/columns', { name: 'Review', isCompletion: true })).body;
    await api.call('PATCH', `/columns/${review.id}`, { isDefault: true });
    const columns = await api.columns();
    expect(columns.filter((column) => column.isDefault).map((column) => column.name)).toEqual(['Review']);
    expect(columns.filter((column) => column.isCompletion).map((column) => column.name)).toEqual(['Review']);
    expect((await api.call('PATCH', `/columns/${review.id}`, { isDefault: false })).status).toBe(400);
  });

  it('move their tasks to the default column when deleted; the default cannot be deleted', async () => {
    const api = await newUser();
    const [todo, doing] = await api.columns();
    const first = await api.createTask({ title: 'In todo' });
    const moved = await api.createTask({ title: 'In progress', columnId: doing!.id });
    const removal = await api.call('DELETE', `/columns/${doing!.id}`);
    expect(removal.status).toBe(204);
    expect((await api.call('GET', `/tasks/${moved.id}`)).body.columnId).toBe(todo!.id);
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual([first.title, 'In progress']);
    const refused = await api.call('DELETE', `/columns/${todo!.id}`);
    expect(refused.status).toBe(409);
  });

  it('reorder', async () => {
    const api = await newUser();
    const ids = (await api.columns()).map((column) => column.id);
    const reordered = await api.call('PUT', '/columns/order', { ids: [...ids].reverse() });
    expect(reordered.body.items.map((column: { name: string }) => column.name)).toEqual([
      'Done',
      'In progress',
      'To do',
    ]);
  });
});
