import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = async () => taskClient(t, (await signUp(t)).accessToken);

describe('creating and editing tasks', () => {
  it('creates a task in the default column with the spec defaults', async () => {
    const api = await newUser();
    const [todo] = await api.columns();
    const task = await api.createTask({ title: '  Buy milk  ' });
    expect(task).toMatchObject({
      title: 'Buy milk',
      columnId: todo!.id,
      urgency: 'medium',
      importance: 'medium',
      completedAt: null,
      addedToToday: null,
      addedToNew: null,
      checklistProgress: { completed: 0, total: 0 },
    });
  });

  it('requires a title of 1 to 500 characters', async () => {
    const api = await newUser();
    expect((await api.call('POST', '/tasks', { title: '' })).body.issues[0].message).toBe(
      'Title is required',
    );
    expect((await api.call('POST', '/tasks', {})).status).toBe(400);
    expect((await api.call('POST', '/tasks', { title: 'x'.repeat(501) })).status).toBe(400);
    expect((await api.call('POST', '/tasks', { title: 'x'.repeat(500) })).status).toBe(201);
  });

  it('changes only the fields sent', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Draft', note: 'keep me', estimatedTime: 30 });
    const updated = await api.call('PATCH', `/tasks/${task.id}`, {
      urgency: 'high',
      dueDate: '2026-03-12T09:00:00+01:00',
    });
    expect(updated.body).toMatchObject({
      title: 'Draft',
      note: 'keep me',
      estimatedTime: 30,
      urgency: 'high',
      dueDate: '2026-03-12T08:00:00.000Z',
    });
  });

  it('refuses a list, column or parent that is not the user’s with 404', async () => {
    const api = await newUser();
    const other = await newUser();
    const foreignTask = await other.createTask({ title: 'Theirs' });
    const [foreignColumn] = await other.columns();
    const foreignList = (await other.call('POST', '/lists', { name: 'Theirs' })).body;
    for (const body of [
      { parentId: foreignTask.id },
      { columnId: foreignColumn!.id },
      { listId: foreignList.id },
    ]) {
      const response = await api.call('POST', '/tasks', { title: 'Mine', ...body });
      expect(response.status, JSON.stringify(body)).toBe(404);
    }
  });
});

describe('subtasks', () => {
  it('nest to any depth, with breadcrumbs, children and level', async () => {
    const api = await newUser();
    const root = await api.createTask({ title: 'Trip' });
    const middle = await api.createTask({ title: 'Book', parentId: root.id });
    const leaf = await api.createTask({ title: 'Hotel', parentId: middle.id });
    const detail = (await api.call('GET', `/tasks/${leaf.id}`)).body;
    expect(detail.breadcrumbs.map((crumb: { title: string }) => crumb.title)).toEqual(['Trip', 'Book']);
    expect(detail.level).toBe(2);
    const rootDetail = (await api.call('GET', `/tasks/${root.id}`)).body;
    expect(rootDetail.children.map((child: { title: string }) => child.title)).toEqual(['Book']);
    expect(rootDetail).toMatchObject({ level: 0, childrenCount: 1, breadcrumbs: [] });
  });

  it('refuse a cycle with 400', async () => {
    const api = await newUser();
    const a = await api.createTask({ title: 'A' });
    const b = await api.createTask({ title: 'B', parentId: a.id });
    const c = await api.createTask({ title: 'C', parentId: b.id });
    for (const parentId of [a.id, c.id]) {
      const response = await api.call('PATCH', `/tasks/${a.id}`, { parentId });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_PARENT');
    }
    const viaReparent = await api.call('POST', `/tasks/${a.id}/reparent`, { parentId: c.id, position: 0 });
    expect(viaReparent.status).toBe(400);
    expect((await api.call('GET', `/tasks/${a.id}`)).body.parentId).toBeNull();
  });

  it('ask before completing a parent with open subtasks', async () => {
    const api = await newUser();
    const parent = await api.createTask({ title: 'Parent' });
    const child = await api.createTask({ title: 'Child', parentId: parent.id });
    const refused = await api.call('POST', `/tasks/${parent.id}/complete`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'HAS_OPEN_SUBTASKS', detail: '1 open subtask' });
    expect((await api.call('GET', `/tasks/${parent.id}`)).body.completedAt).toBeNull();
    const done = await api.call('POST', `/tasks/${parent.id}/complete`, { withChildren: true });
    expect(done.status).toBe(200);
    expect((await api.call('GET', `/tasks/${child.id}`)).body.completedAt).not.toBeNull();
  });

  it('go to the trash with their parent and come back with it', async () => {
    const api = await newUser();
    const parent = await api.createTask({ title: 'Parent' });
    const child = await api.createTask({ title: 'Child', parentId: parent.id });
    const grandchild = await api.createTask({ title: 'Grandchild', parentId: child.id });
    expect((await api.call('DELETE', `/tasks/${parent.id}`)).status).toBe(204);
    expect(await api.titles('isDeleted=true&sort=title')).toEqual(['Child', 'Grandchild', 'Parent']);
    expect(await api.titles('')).toEqual([]);
    await api.call('POST', `/tasks/${parent.id}/restore`);
    expect(await api.titles('sort=title')).toEqual(['Child', 'Grandchild', 'Parent']);
    expect((await api.call('GET', `/tasks/${grandchild.id}`)).body.parentId).toBe(child.id);
  });

  it('restored alone while the parent stays in the trash come back at the top level', async () => {
    const api = await newUser();
    const parent = await api.createTask({ title: 'Parent' });
    const child = await api.createTask({ title: 'Child', parentId: parent.id });
    await api.call('DELETE', `/tasks/${parent.id}`);
    await api.call('POST', `/tasks/${child.id}/restore`);
    expect((await api.call('GET', `/tasks/${child.id}`)).body).toMatchObject({
      parentId: null,
      deletedAt: null,
    });
  });
});

describe('the trash', () => {
  it('purges only what is in it, with the subtree', async () => {
    const api = await newUser();
    const parent = await api.createTask({ title: 'Parent' });
    const child = await api.createTask({ title: 'Child', parentId: parent.id });
    expect((await api.call('DELETE', `/tasks/${parent.id}/permanent`)).status).toBe(409);
    await api.call('DELETE', `/tasks/${parent.id}`);
    expect((await api.call('DELETE', `/tasks/${parent.id}/permanent`)).status).toBe(204);
    expect((await api.call('GET', `/tasks/${child.id}`)).status).toBe(404);
  });

  it('empties at once', async () => {
    const api = await newUser();
    const a = await api.createTask({ title: 'A' });
    await api.createTask({ title: 'Keep' });
    await api.call('DELETE', `/tasks/${a.id}`);
    expect((await api.call('DELETE', '/tasks/trash')).body).toEqual({ purged: 1 });
    expect(await api.titles('')).toEqual(['Keep']);
  });
});

describe('kanban moves', () => {
  it('put a card at a position within and across columns, and it stays after reload', async () => {
    const api = await newUser();
    const [todo, doing] = await api.columns();
    const a = await api.createTask({ title: 'A' });
    await api.createTask({ title: 'B' });
    await api.createTask({ title: 'C' });
    await api.call('POST', `/tasks/${a.id}/move`, { columnId: todo!.id, position: 2 });
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['B', 'C', 'A']);
    await api.call('POST', `/tasks/${a.id}/move`, { columnId: doing!.id, position: 0 });
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['B', 'C']);
    expect(await api.titles(`columnId=${doing!.id}`)).toEqual(['A']);
  });

  it('keep working when neighbours leave no room between them', async () => {
    const api = await newUser();
    const [todo] = await api.columns();
    const created = [];
    for (const title of ['1', '2', '3']) created.push(await api.createTask({ title }));
    // Twelve moves into the same slot halve the gap each time until it runs out.
    for (let round = 0; round < 12; round++) {
      const last = (await api.call('GET', `/tasks?columnId=${todo!.id}`)).body.items.at(-1);
      await api.call('POST', `/tasks/${last.id}/move`, { columnId: todo!.id, position: 1 });
    }
    const titles = await api.titles(`columnId=${todo!.id}`);
    expect(titles).toHaveLength(3);
    expect(new Set(titles)).toEqual(new Set(['1', '2', '3']));
  });

  it('complete a card dropped into the completion column and reopen it when dragged out', async () => {
    const api = await newUser();
    const [todo, , done] = await api.columns();
    const task = await api.createTask({ title: 'Ship' });
    const completed = await api.call('POST', `/tasks/${task.id}/move`, { columnId: done!.id, position: 0 });
    expect(completed.body.completedAt).toBe(t.clock.now().toISOString());
    const reopened = await api.call('POST', `/tasks/${task.id}/move`, { columnId: todo!.id, position: 0 });
    expect(reopened.body.completedAt).toBeNull();
  });

  it('send a completed task to the completion column, and back to the default one when reopened', async () => {
    const api = await newUser();
    const [todo, doing, done] = await api.columns();
    const task = await api.createTask({ title: 'Write', columnId: doing!.id });
    expect((await api.call('POST', `/tasks/${task.id}/complete`, {})).body.columnId).toBe(done!.id);
    expect((await api.call('POST', `/tasks/${task.id}/uncomplete`)).body).toMatchObject({
      columnId: todo!.id,
      completedAt: null,
    });
  });
});

describe('archive and duplicate', () => {
  it('archive hides a task from views but keeps it', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Old' });
    await api.call('POST', `/tasks/${task.id}/archive`);
    expect(await api.titles('')).toEqual([]);
    expect(await api.titles('view=archived')).toEqual(['Old']);
    await api.call('POST', `/tasks/${task.id}/unarchive`);
    expect(await api.titles('')).toEqual(['Old']);
  });

  it('duplicate copies the checklist and subtasks, open, right after the original', async () => {
    const api = await newUser();
    await api.createTask({ title: 'First' });
    const original = await api.createTask({ title: 'Routine' });
    await api.createTask({ title: 'Next' });
    await api.createTask({ title: 'Step', parentId: original.id });
    const item = (await api.call('POST', `/tasks/${original.id}/checklist-items`, { title: 'Check' })).body;
    await api.call('PATCH', `/tasks/${original.id}/checklist-items/${item.id}`, { isCompleted: true });
    const copy = await api.call('POST', `/tasks/${original.id}/duplicate`);
    expect(copy.status).toBe(201);
    const detail = (await api.call('GET', `/tasks/${copy.body.id}`)).body;
    expect(detail.children.map((child: { title: string }) => child.title)).toEqual(['Step']);
    expect(detail.checklistItems).toMatchObject([{ title: 'Check', completedAt: null }]);
    const order = (await api.call('GET', '/tasks?parentId=none')).body.items.map(
      (task: { id: string }) => task.id,
    );
    expect(order.indexOf(copy.body.id)).toBe(order.indexOf(original.id) + 1);
    expect(await api.titles('parentId=none')).toEqual(['First', 'Routine', 'Routine', 'Next']);
  });

  it('duplicate of an archived task puts the copy, not archived, first in its column', async () => {
    const api = await newUser();
    await api.createTask({ title: 'Open' });
    const original = await api.createTask({ title: 'Shelved' });
    await api.call('POST', `/tasks/${original.id}/archive`);
    const copy = await api.call('POST', `/tasks/${original.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(await api.titles('')).toEqual(['Shelved', 'Open']);
    expect(await api.titles('view=archived')).toEqual(['Shelved']);
  });
});

describe('checklists', () => {
  it('count non-optional items for the progress badge', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Pack' });
    const ids: string[] = [];
    for (const title of ['Passport', 'Tickets', 'Charger', 'Book', 'Snacks']) {
      ids.push((await api.call('POST', `/tasks/${task.id}/checklist-items`, { title })).body.id);
    }
    await api.call('PATCH', `/tasks/${task.id}/checklist-items/${ids[3]}`, { isOptional: true });
    for (const id of ids.slice(0, 2)) {
      await api.call('PATCH', `/tasks/${task.id}/checklist-items/${id}`, { isCompleted: true });
    }
    expect((await api.call('GET', `/tasks/${task.id}`)).body.checklistProgress).toEqual({
      completed: 2,
      total: 4,
    });
    const [listed] = (await api.call('GET', '/tasks')).body.items;
    expect(listed.checklistProgress).toEqual({ completed: 2, total: 4 });
  });

  it('reorder and delete items', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Cook' });
    const a = (await api.call('POST', `/tasks/${task.id}/checklist-items`, { title: 'Chop' })).body;
    const b = (await api.call('POST', `/tasks/${task.id}/checklist-items`, { title: 'Fry' })).body;
    const reordered = await api.call('PUT', `/tasks/${task.id}/checklist-items/order`, { ids: [b.id, a.id] });
    expect(reordered.body.items.map((item: { title: string }) => item.title)).toEqual(['Fry', 'Chop']);
    expect((await api.call('DELETE', `/tasks/${task.id}/checklist-items/${a.id}`)).status).toBe(204);
    expect((await api.call('GET', `/tasks/${task.id}/checklist-items`)).body.items).toHaveLength(1);
  });
});

describe('listing', () => {
  it('pages through every task exactly once with a cursor', async () => {
    const api = await newUser();
    for (let index = 0; index < 23; index++)
      await api.createTask({ title: `Task ${String(index).padStart(2, '0')}` });
    for (const sort of ['position', 'title', 'createdAt', 'dueDate']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `sort=${sort}&limit=5${cursor ? `&cursor=${cursor}` : ''}`;
        const page: { items: { title: string }[]; nextCursor: string | null } = (
          await api.call('GET', `/tasks?${query}`)
        ).body;
        seen.push(...page.items.map((task) => task.title));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toHaveLength(23);
      expect(new Set(seen).size, sort).toBe(23);
    }
    const byTitleDesc = await api.titles('sort=title&order=desc&limit=3');
    expect(byTitleDesc).toEqual(['Task 22', 'Task 21', 'Task 20']);
  });

  it('refuses a forged cursor with 400', async () => {
    const api = await newUser();
    expect((await api.call('GET', '/tasks?cursor=garbage')).status).toBe(400);
  });

  it('filters by text in title or note, urgency, importance, due range and list', async () => {
    const api = await newUser();
    const list = (await api.call('POST', '/lists', { name: 'Errands' })).body;
    await api.createTask({ title: 'Call the bank', urgency: 'high', dueDate: '2026-03-11T10:00:00Z' });
    await api.createTask({
      title: 'Groceries',
      note: 'milk 100% organic',
      listId: list.id,
      importance: 'high',
    });
    await api.createTask({ title: 'Read', dueDate: '2026-04-01T10:00:00Z' });
    expect(await api.titles('q=BANK')).toEqual(['Call the bank']);
    expect(await api.titles('q=100%25')).toEqual(['Groceries']);
    expect(await api.titles('q=_')).toEqual([]);
    expect(await api.titles('urgency=high')).toEqual(['Call the bank']);
    expect(await api.titles('importance=high')).toEqual(['Groceries']);
    expect(await api.titles(`listId=${list.id}`)).toEqual(['Groceries']);
    expect(
      await api.titles(
        `dueFrom=${encodeURIComponent('2026-03-01T00:00:00Z')}&dueTo=${encodeURIComponent('2026-03-31T00:00:00Z')}`,
      ),
    ).toEqual(['Call the bank']);
  });
});

describe('bulk operations', () => {
  it('are refused while batch editing is off', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'One' });
    const response = await api.call('POST', '/tasks/bulk', { action: 'complete', ids: [task.id] });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('BATCH_DISABLED');
  });

  it('change every selected task in one go', async () => {
    const api = await newUser();
    await api.call('PATCH', '/task-manager-config', { isBatchEnabled: true });
    const list = (await api.call('POST', '/lists', { name: 'Target' })).body;
    const ids = [(await api.createTask({ title: 'A' })).id, (await api.createTask({ title: 'B' })).id];
    expect((await api.call('POST', '/tasks/bulk', { action: 'setList', ids, listId: list.id })).body).toEqual(
      { updated: 2 },
    );
    await api.call('POST', '/tasks/bulk', { action: 'setUrgency', ids, urgency: 'high' });
    await api.call('POST', '/tasks/bulk', { action: 'complete', ids });
    const tasks = (await api.call('GET', `/tasks?listId=${list.id}`)).body.items;
    expect(tasks).toHaveLength(2);
    for (const task of tasks)
      expect(task).toMatchObject({ urgency: 'high', completedAt: expect.any(String) });
    await api.call('POST', '/tasks/bulk', { action: 'delete', ids });
    expect(await api.titles('isDeleted=true&sort=title')).toEqual(['A', 'B']);
  });

  it('change nothing when one id is not the user’s', async () => {
    const api = await newUser();
    const other = await newUser();
    await api.call('PATCH', '/task-manager-config', { isBatchEnabled: true });
    const mine = await api.createTask({ title: 'Mine' });
    const theirs = await other.createTask({ title: 'Theirs' });
    const response = await api.call('POST', '/tasks/bulk', { action: 'archive', ids: [mine.id, theirs.id] });
    expect(response.status).toBe(404);
    expect((await api.call('GET', `/tasks/${mine.id}`)).body.archivedAt).toBeNull();
    expect((await other.call('GET', `/tasks/${theirs.id}`)).body.archivedAt).toBeNull();
  });
});

describe('trees', () => {
  it('nest a task’s subtasks and a list’s tasks', async () => {
    const api = await newUser();
    const list = (await api.call('POST', '/lists', { name: 'Garden' })).body;
    const root = await api.createTask({ title: 'Beds', listId: list.id });
    const child = await api.createTask({ title: 'Dig', parentId: root.id });
    await api.createTask({ title: 'Compost', parentId: child.id });
    await api.createTask({ title: 'Seeds', listId: list.id });
    const tree = (await api.call('GET', `/tasks/${root.id}/tree`)).body;
    expect(tree).toMatchObject({
      title: 'Beds',
      children: [{ title: 'Dig', children: [{ title: 'Compost', children: [] }] }],
    });
    const forest = (await api.call('GET', `/lists/${list.id}/tree`)).body.items;
    expect(forest.map((node: { title: string }) => node.title)).toEqual(['Beds', 'Seeds']);
  });

  it('re-parent and reorder by drag', async () => {
    const api = await newUser();
    const a = await api.createTask({ title: 'A' });
    const b = await api.createTask({ title: 'B' });
    const c = await api.createTask({ title: 'C' });
    await api.call('POST', `/tasks/${b.id}/reparent`, { parentId: a.id, position: 0 });
    await api.call('POST', `/tasks/${c.id}/reparent`, { parentId: a.id, position: 0 });
    const tree = (await api.call('GET', `/tasks/${a.id}/tree`)).body;
    expect(tree.children.map((node: { title: string }) => node.title)).toEqual(['C', 'B']);
    await api.call('POST', `/tasks/${b.id}/reparent`, { parentId: null, position: 0 });
    expect((await api.call('GET', `/tasks/${b.id}`)).body.parentId).toBeNull();
  });
});

describe('placing by neighbour', () => {
  it('puts a card right after or before another, or first, in its column', async () => {
    const api = await newUser();
    const [todo, doing] = await api.columns();
    const a = await api.createTask({ title: 'A' });
    const b = await api.createTask({ title: 'B' });
    const c = await api.createTask({ title: 'C' });
    await api.call('POST', `/tasks/${c.id}/move`, { columnId: todo!.id, afterId: a.id });
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['A', 'C', 'B']);
    await api.call('POST', `/tasks/${a.id}/move`, { columnId: todo!.id, beforeId: b.id });
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['C', 'A', 'B']);
    await api.call('POST', `/tasks/${b.id}/move`, { columnId: todo!.id, afterId: null });
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['B', 'C', 'A']);
    const elsewhere = await api.call('POST', `/tasks/${b.id}/move`, { columnId: doing!.id, afterId: a.id });
    expect(elsewhere.status).toBe(400);
    const twoWays = await api.call('POST', `/tasks/${b.id}/move`, {
      columnId: todo!.id,
      position: 0,
      afterId: a.id,
    });
    expect(twoWays.status).toBe(400);
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['B', 'C', 'A']);
  });

  it('places at either end, past the end, and between neighbours left with no room', async () => {
    const api = await newUser();
    const [todo] = await api.columns();
    const first = await api.createTask({ title: 'A' });
    const second = await api.createTask({ title: 'B' });
    const third = await api.createTask({ title: 'C' });
    await api.call('POST', `/tasks/${first.id}/move`, { columnId: todo!.id, afterId: third.id });
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['B', 'C', 'A']);
    await api.call('POST', `/tasks/${first.id}/move`, { columnId: todo!.id, beforeId: second.id });
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['A', 'B', 'C']);
    await api.call('POST', `/tasks/${second.id}/move`, { columnId: todo!.id, position: 40 });
    expect(await api.titles(`columnId=${todo!.id}`)).toEqual(['A', 'C', 'B']);
    // Each drop right after A halves the gap behind it until the column has to be renumbered.
    for (let round = 0; round < 12; round++) {
      const moved = round % 2 === 0 ? third : second;
      await api.call('POST', `/tasks/${moved.id}/move`, { columnId: todo!.id, afterId: first.id });
      expect(await api.titles(`columnId=${todo!.id}`)).toEqual(
        round % 2 === 0 ? ['A', 'C', 'B'] : ['A', 'B', 'C'],
      );
    }
    const self = await api.call('POST', `/tasks/${first.id}/move`, { columnId: todo!.id, afterId: first.id });
    expect(self.status).toBe(400);
  });

  it('re-parents next to a sibling without knowing the whole order', async () => {
    const api = await newUser();
    const list = (await api.call('POST', '/lists', { name: 'Plan' })).body;
    await api.createTask({ title: 'Elsewhere' });
    const first = await api.createTask({ title: 'First', listId: list.id });
    const second = await api.createTask({ title: 'Second', listId: list.id });
    const nested = await api.createTask({ title: 'Nested', listId: list.id, parentId: first.id });
    await api.call('POST', `/tasks/${nested.id}/reparent`, { parentId: null, beforeId: second.id });
    const forest = (await api.call('GET', `/lists/${list.id}/tree`)).body.items;
    expect(forest.map((node: { title: string }) => node.title)).toEqual(['First', 'Nested', 'Second']);
    expect(forest[1]).toMatchObject({ listId: list.id, archivedAt: null, children: [] });
  });
});

describe('listing by what happened when', () => {
  it('finds tasks completed since an instant, and sorts the trash newest first', async () => {
    const api = await newUser();
    const early = await api.createTask({ title: 'Early' });
    await api.call('POST', `/tasks/${early.id}/complete`, {});
    t.clock.advance(60_000);
    const since = t.clock.now().toISOString();
    const late = await api.createTask({ title: 'Late' });
    await api.call('POST', `/tasks/${late.id}/complete`, {});
    expect(await api.titles(`completedFrom=${encodeURIComponent(since)}`)).toEqual(['Late']);

    for (const task of [early, late]) {
      await api.call('DELETE', `/tasks/${task.id}`);
      t.clock.advance(60_000);
    }
    expect(await api.titles('isDeleted=true&sort=deletedAt&order=desc')).toEqual(['Late', 'Early']);
    expect(await api.titles('isDeleted=true&sort=deletedAt&order=desc&limit=1')).toEqual(['Late']);
  });
});
