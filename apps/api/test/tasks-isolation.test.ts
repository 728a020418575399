import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("another user's ids answer 404 on every task route, and change nothing", () => {
  it('for tasks, lists, columns and checklist items', async () => {
    const owner = taskClient(t, (await signUp(t)).accessToken);
    const intruder = taskClient(t, (await signUp(t)).accessToken);
    const list = (await owner.call('POST', '/lists', { name: 'Private' })).body;
    const task = await owner.createTask({ title: 'Secret', listId: list.id });
    const item = (await owner.call('POST', `/tasks/${task.id}/checklist-items`, { title: 'Hidden' })).body;
    const [column] = await owner.columns();
    const [ownColumn] = await intruder.columns();

    const attempts: [Parameters<typeof intruder.call>[0], string, unknown?][] = [
      ['GET', `/tasks/${task.id}`],
      ['PATCH', `/tasks/${task.id}`, { title: 'Mine now' }],
      ['DELETE', `/tasks/${task.id}`],
      ['DELETE', `/tasks/${task.id}/permanent`],
      ['POST', `/tasks/${task.id}/complete`, {}],
      ['POST', `/tasks/${task.id}/uncomplete`],
      ['POST', `/tasks/${task.id}/archive`],
      ['POST', `/tasks/${task.id}/unarchive`],
      ['POST', `/tasks/${task.id}/restore`],
      ['POST', `/tasks/${task.id}/duplicate`],
      ['POST', `/tasks/${task.id}/move`, { columnId: ownColumn!.id, position: 0 }],
      ['POST', `/tasks/${task.id}/reparent`, { parentId: null, position: 0 }],
      ['GET', `/tasks/${task.id}/tree`],
      ['GET', `/tasks/${task.id}/checklist-items`],
      ['POST', `/tasks/${task.id}/checklist-items`, { title: 'Injected' }],
      ['PUT', `/tasks/${task.id}/checklist-items/order`, { ids: [item.id] }],
      ['PATCH', `/tasks/${task.id}/checklist-items/${item.id}`, { isCompleted: true }],
      ['DELETE', `/tasks/${task.id}/checklist-items/${item.id}`],
      ['GET', `/lists/${list.id}`],
      ['PATCH', `/lists/${list.id}`, { name: 'Mine now' }],
      ['DELETE', `/lists/${list.id}`],
      ['GET', `/lists/${list.id}/tree`],
      ['PATCH', `/columns/${column!.id}`, { name: 'Mine now' }],
      ['DELETE', `/columns/${column!.id}`],
      ['PUT', '/lists/order', { ids: [list.id] }],
      ['PUT', '/columns/order', { ids: [column!.id] }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await intruder.call(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect(await intruder.titles('')).toEqual([]);
    const detail = (await owner.call('GET', `/tasks/${task.id}`)).body;
    expect(detail).toMatchObject({ title: 'Secret', completedAt: null, archivedAt: null, deletedAt: null });
    expect(detail.checklistItems).toMatchObject([{ title: 'Hidden', completedAt: null }]);
    expect((await owner.call('GET', `/lists/${list.id}`)).body.name).toBe('Private');
    expect((await owner.columns()).map((entry) => entry.name)).toEqual(['To do', 'In progress', 'Done']);
  });
});
