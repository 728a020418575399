import { MAX_TASK_DEPTH } from '@cairn/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChain,
  flattenTree,
  hasParentLoop,
  setParentInDatabase,
  taskClient,
} from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = async () => taskClient(t, (await signUp(t)).accessToken);

/** Long chains take a few hundred requests to build. */
const CHAIN_TIMEOUT = 60_000;

describe('a task never ends up below itself', () => {
  it('refuses a task as its own parent or under its direct child', async () => {
    const api = await newUser();
    const a = await api.createTask({ title: 'A' });
    const b = await api.createTask({ title: 'B', parentId: a.id });
    for (const parentId of [a.id, b.id]) {
      const patched = await api.call('PATCH', `/tasks/${a.id}`, { parentId });
      expect(patched).toMatchObject({ status: 400, body: { code: 'INVALID_PARENT' } });
      const moved = await api.call('POST', `/tasks/${a.id}/reparent`, { parentId, position: 0 });
      expect(moved).toMatchObject({ status: 400, body: { code: 'INVALID_PARENT' } });
    }
    expect((await api.call('GET', `/tasks/${a.id}`)).body.parentId).toBeNull();
  });

  it(
    'refuses the top of a 60-level chain under any task of it',
    async () => {
      const api = await newUser();
      const chain = await createChain(api, 60);
      const [top, middle, leaf] = [chain[0], chain[30], chain[60]] as string[];
      for (const parentId of [leaf, middle]) {
        const moved = await api.call('POST', `/tasks/${top}/reparent`, { parentId, position: 0 });
        expect(moved).toMatchObject({ status: 400, body: { code: 'INVALID_PARENT' } });
        const patched = await api.call('PATCH', `/tasks/${top}`, { parentId });
        expect(patched).toMatchObject({ status: 400, body: { code: 'INVALID_PARENT' } });
      }
      expect((await api.call('GET', `/tasks/${top}`)).body.parentId).toBeNull();
      expect(await hasParentLoop(t, chain)).toBe(false);
    },
    CHAIN_TIMEOUT,
  );

  it(
    'accepts only one of two opposite moves sent at the same time, 30 times over',
    async () => {
      const api = await newUser();
      const pairs: [string, string][] = [];
      for (let pair = 0; pair < 30; pair += 1) {
        const x = await api.createTask({ title: `X${pair}` });
        const y = await api.createTask({ title: `Y${pair}` });
        pairs.push([x.id, y.id]);
      }
      for (const [index, [x, y]] of pairs.entries()) {
        // Both routes that set a parent take part: drag (reparent) and edit (PATCH).
        const [first, second] = await Promise.all([
          api.call('POST', `/tasks/${x}/reparent`, { parentId: y, position: 0 }),
          index % 2 === 0
            ? api.call('POST', `/tasks/${y}/reparent`, { parentId: x, position: 0 })
            : api.call('PATCH', `/tasks/${y}`, { parentId: x }),
        ]);
        const statuses = [first.status, second.status].sort();
        expect(statuses, `pair ${index}`).toEqual([200, 400]);
        expect([first.body.code, second.body.code]).toContain('INVALID_PARENT');
      }
      expect(await hasParentLoop(t, pairs.flat())).toBe(false);
    },
    CHAIN_TIMEOUT,
  );
});

describe(`subtasks nest at most ${MAX_TASK_DEPTH} levels deep`, () => {
  let api: Awaited<ReturnType<typeof newUser>>;
  let chain: string[];
  beforeAll(async () => {
    api = await newUser();
    chain = await createChain(api, MAX_TASK_DEPTH);
  }, CHAIN_TIMEOUT);

  it('takes a subtask at the last level, and none below it', async () => {
    const leaf = chain[MAX_TASK_DEPTH] as string;
    expect((await api.call('GET', `/tasks/${leaf}`)).body.level).toBe(MAX_TASK_DEPTH);
    const refused = await api.call('POST', '/tasks', { title: 'Too deep', parentId: leaf });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'TOO_DEEP', error: `Subtasks can be nested at most ${MAX_TASK_DEPTH} levels deep` },
    });
    expect((await api.call('GET', `/tasks/${leaf}`)).body.childrenCount).toBe(0);
  });

  it('refuses to edit or drag a task below the last level', async () => {
    const loose = await api.createTask({ title: 'Loose' });
    const leaf = chain[MAX_TASK_DEPTH] as string;
    const patched = await api.call('PATCH', `/tasks/${loose.id}`, { parentId: leaf });
    expect(patched).toMatchObject({ status: 400, body: { code: 'TOO_DEEP' } });
    const moved = await api.call('POST', `/tasks/${loose.id}/reparent`, { parentId: leaf, position: 0 });
    expect(moved).toMatchObject({ status: 400, body: { code: 'TOO_DEEP' } });
    expect((await api.call('GET', `/tasks/${loose.id}`)).body.parentId).toBeNull();
  });

  it('counts the levels below the task that moves', async () => {
    const parent = await api.createTask({ title: 'Parent' });
    const child = await api.createTask({ title: 'Child', parentId: parent.id });
    const nextToLast = chain[MAX_TASK_DEPTH - 1] as string;
    // Parent would land at the last level, its child one below it.
    const patched = await api.call('PATCH', `/tasks/${parent.id}`, { parentId: nextToLast });
    expect(patched).toMatchObject({ status: 400, body: { code: 'TOO_DEEP' } });
    const moved = await api.call('POST', `/tasks/${parent.id}/reparent`, {
      parentId: nextToLast,
      position: 0,
    });
    expect(moved).toMatchObject({ status: 400, body: { code: 'TOO_DEEP' } });
    expect((await api.call('GET', `/tasks/${parent.id}`)).body.parentId).toBeNull();

    const fits = await api.call('POST', `/tasks/${parent.id}/reparent`, {
      parentId: chain[MAX_TASK_DEPTH - 2],
      position: 0,
    });
    expect(fits.status).toBe(200);
    expect((await api.call('GET', `/tasks/${child.id}`)).body.level).toBe(MAX_TASK_DEPTH);
    const detached = await api.call('PATCH', `/tasks/${parent.id}`, { parentId: null });
    expect(detached.status).toBe(200);
  });

  it('answers the whole tree of the deepest chain, nested', async () => {
    const response = await api.call('GET', `/tasks/${chain[0]}/tree`);
    expect(response.status).toBe(200);
    const nodes = flattenTree(response.body);
    expect(nodes.map((node) => node.id)).toEqual(chain);
    expect(Math.max(...nodes.map((node) => node.depth))).toBe(MAX_TASK_DEPTH);
  });

  it('duplicates the deepest chain in one go', async () => {
    const started = Date.now();
    const copy = await api.call('POST', `/tasks/${chain[0]}/duplicate`);
    const elapsed = Date.now() - started;
    expect(copy.status).toBe(201);
    expect(elapsed).toBeLessThan(10_000);
    const nodes = flattenTree((await api.call('GET', `/tasks/${copy.body.id}/tree`)).body);
    expect(nodes).toHaveLength(MAX_TASK_DEPTH + 1);
    expect(nodes.every((node) => !chain.includes(node.id))).toBe(true);
    const deepestCopy = nodes.find((node) => node.depth === MAX_TASK_DEPTH)?.id;
    const detail = (await api.call('GET', `/tasks/${deepestCopy}`)).body;
    expect(detail).toMatchObject({ title: `Level ${MAX_TASK_DEPTH}`, level: MAX_TASK_DEPTH });
    expect(detail.breadcrumbs[0].id).toBe(copy.body.id);
  });
});

describe('a loop left in the database by an older version', () => {
  it('answers the tree, detail and duplicate without hanging, and can be undone', async () => {
    const api = await newUser();
    const a = await api.createTask({ title: 'A' });
    const b = await api.createTask({ title: 'B', parentId: a.id });
    const c = await api.createTask({ title: 'C', parentId: b.id });
    await setParentInDatabase(t, { taskId: a.id, parentId: c.id });
    expect(await hasParentLoop(t, [a.id])).toBe(true);

    const tree = await api.call('GET', `/tasks/${a.id}/tree`);
    expect(tree.status).toBe(200);
    expect(flattenTree(tree.body).map((node) => node.id)).toEqual([a.id, b.id, c.id]);

    const detail = await api.call('GET', `/tasks/${b.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.breadcrumbs.length).toBeLessThanOrEqual(2);

    const duplicate = await api.call('POST', `/tasks/${a.id}/duplicate`);
    expect(duplicate.status).toBeGreaterThanOrEqual(200);
    expect(duplicate.status).toBeLessThan(500);

    // Nothing may hang below the loop, and moving a task of it to the top level undoes it.
    const below = await api.call('POST', '/tasks', { title: 'Below', parentId: b.id });
    expect(below).toMatchObject({ status: 400, body: { code: 'INVALID_PARENT' } });
    const undone = await api.call('POST', `/tasks/${a.id}/reparent`, { parentId: null, position: 0 });
    expect(undone.status).toBe(200);
    expect(await hasParentLoop(t, [a.id, b.id, c.id])).toBe(false);
    expect((await api.call('GET', `/tasks/${c.id}`)).body.level).toBe(2);
  }, 15_000);
});

describe('ids in upper case', () => {
  it('work on tree, detail, update and duplicate, and cannot sneak past the loop check', async () => {
    const api = await newUser();
    const top = await api.createTask({ title: 'Top' });
    const middle = await api.createTask({ title: 'Middle', parentId: top.id });
    const leaf = await api.createTask({ title: 'Leaf', parentId: middle.id });
    const upper = (id: string) => id.toUpperCase();

    const tree = await api.call('GET', `/tasks/${upper(top.id)}/tree`);
    expect(tree.status).toBe(200);
    expect(flattenTree(tree.body).map((node) => node.id)).toEqual([top.id, middle.id, leaf.id]);

    const detail = await api.call('GET', `/tasks/${upper(leaf.id)}`);
    expect(detail.body).toMatchObject({ id: leaf.id, level: 2 });

    const renamed = await api.call('PATCH', `/tasks/${upper(top.id)}`, { title: 'Top, renamed' });
    expect(renamed.body).toMatchObject({ id: top.id, title: 'Top, renamed' });
    const looped = await api.call('PATCH', `/tasks/${upper(top.id)}`, { parentId: upper(leaf.id) });
    expect(looped).toMatchObject({ status: 400, body: { code: 'INVALID_PARENT' } });
    const dragged = await api.call('POST', `/tasks/${upper(top.id)}/reparent`, {
      parentId: leaf.id,
      position: 0,
    });
    expect(dragged).toMatchObject({ status: 400, body: { code: 'INVALID_PARENT' } });
    expect(await hasParentLoop(t, [top.id])).toBe(false);

    const copy = await api.call('POST', `/tasks/${upper(top.id)}/duplicate`);
    expect(copy.status).toBe(201);
    const copied = flattenTree((await api.call('GET', `/tasks/${copy.body.id}/tree`)).body);
    expect(copied).toHaveLength(3);
    expect(await api.titles('parentId=none')).toEqual(['Top, renamed', 'Top, renamed']);
  });
});
