import { type ListTasksQuery, levels } from '@cairn/contracts/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDayBounds } from '../src/lib/day-bounds';
import { groupPagesQuery } from '../src/modules/tasks/task-groups.repository';
import { buildTaskQuery } from '../src/modules/tasks/task-query';
import { explainStatement, indexRowsRead } from './support/query-plans';
import { type TaskClient, taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

type Group = {
  columnId?: string;
  urgency?: string;
  importance?: string;
  items: { id: string; title: string }[];
  nextCursor: string | null;
  total: number;
  hiddenCount?: number;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = async () => taskClient(t, (await signUp(t)).accessToken, 'Europe/Warsaw');

async function groupsOf(api: TaskClient, query: Record<string, string>): Promise<Group[]> {
  const response = await api.call('GET', `/tasks/groups?${new URLSearchParams(query)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.groups;
}

async function pageOf(api: TaskClient, query: Record<string, string>) {
  const response = await api.call('GET', `/tasks?${new URLSearchParams(query)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: { id: string; title: string }[]; nextCursor: string | null };
}

const titles = (items: { title: string }[]) => items.map((item) => item.title);

async function createTasks(api: TaskClient, count: number, body: Record<string, unknown>, prefix: string) {
  const ids: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    ids.push((await api.createTask({ ...body, title: `${prefix} ${index}` })).id);
  }
  return ids;
}

describe('grouped by column', () => {
  it('answers every column in order, empty ones too, each with its first page and total', async () => {
    const api = await newUser();
    const [todo, doing, done] = await api.columns();
    const extra = (await api.call('POST', '/columns', { name: 'Later' })).body;
    await createTasks(api, 5, { columnId: todo!.id }, 'Todo');
    await createTasks(api, 3, { columnId: doing!.id }, 'Doing');

    const groups = await groupsOf(api, { groupBy: 'column', limit: '2' });
    expect(groups.map((group) => group.columnId)).toEqual([todo!.id, doing!.id, done!.id, extra.id]);
    expect(groups.map((group) => group.total)).toEqual([5, 3, 0, 0]);
    expect(groups.map((group) => titles(group.items))).toEqual([
      ['Todo 1', 'Todo 2'],
      ['Doing 1', 'Doing 2'],
      [],
      [],
    ]);
    expect(groups.map((group) => group.nextCursor === null)).toEqual([false, false, true, true]);
    expect(groups.every((group) => group.hiddenCount === undefined && group.urgency === undefined)).toBe(
      true,
    );
    // Without a limit, a group holds up to 50.
    const whole = await groupsOf(api, { groupBy: 'column' });
    expect(whole.map((group) => group.items.length)).toEqual([5, 3, 0, 0]);
    expect(whole.every((group) => group.nextCursor === null)).toBe(true);
  });

  it('continues each column with the listing, page for page', async () => {
    const api = await newUser();
    const [todo] = await api.columns();
    await createTasks(api, 7, { columnId: todo!.id }, 'Card');
    // Reordered, so the manual order is not the order of creation.
    const listed = await pageOf(api, { columnId: todo!.id });
    await api.call('POST', `/tasks/${listed.items[6]!.id}/move`, { columnId: todo!.id, position: 0 });

    const filters = { status: 'all', sort: 'position', parentId: 'none' };
    const [group] = await groupsOf(api, { ...filters, groupBy: 'column', limit: '3' });
    const first = await pageOf(api, { ...filters, columnId: todo!.id, limit: '3' });
    expect(titles(group!.items)).toEqual(titles(first.items));
    expect(titles(group!.items)).toEqual(['Card 7', 'Card 1', 'Card 2']);
    expect(group!.nextCursor).toBe(first.nextCursor);

    const fromGroup = await pageOf(api, {
      ...filters,
      columnId: todo!.id,
      limit: '3',
      cursor: group!.nextCursor!,
    });
    const fromListing = await pageOf(api, {
      ...filters,
      columnId: todo!.id,
      limit: '3',
      cursor: first.nextCursor!,
    });
    expect(titles(fromGroup.items)).toEqual(['Card 3', 'Card 4', 'Card 5']);
    expect(fromGroup).toEqual(fromListing);
    const last = await pageOf(api, {
      ...filters,
      columnId: todo!.id,
      limit: '3',
      cursor: fromGroup.nextCursor!,
    });
    expect(titles(last.items)).toEqual(['Card 6']);
    expect(last.nextCursor).toBeNull();
  });

  it('with doneSince, leaves out of completion columns what was completed earlier, and counts it', async () => {
    const api = await newUser();
    const [todo, , done] = await api.columns();
    await createTasks(api, 2, { columnId: todo!.id }, 'Open');
    const doneIds = await createTasks(api, 5, { columnId: done!.id }, 'Done');
    const startOfToday = '2026-03-09T23:00:00.000Z'; // midnight in Warsaw; the test clock is at noon UTC
    // Three of them were completed on earlier days; one of those earlier today in UTC but yesterday in Warsaw.
    const completedAt = ['2026-03-01T10:00:00Z', '2026-03-09T22:30:00Z', '2026-02-01T00:00:00Z'];
    for (const [index, at] of completedAt.entries()) {
      await t.database.db.execute(
        sql`update tasks set completed_at = ${new Date(at)} where id = ${doneIds[index]!}`,
      );
    }

    const query = { groupBy: 'column', status: 'all', sort: 'position', limit: '1' };
    const all = await groupsOf(api, query);
    expect(all[2]).toMatchObject({ columnId: done!.id, total: 5 });
    expect(all[2]!.hiddenCount).toBeUndefined();

    const today = await groupsOf(api, { ...query, doneSince: startOfToday });
    expect(today[0]).toMatchObject({ total: 2 });
    expect(today[0]!.hiddenCount).toBeUndefined();
    expect(today[2]).toMatchObject({ columnId: done!.id, total: 2, hiddenCount: 3 });
    expect(titles(today[2]!.items)).toEqual(['Done 4']);
    // The listing with the same doneSince continues the column.
    const next = await pageOf(api, {
      status: 'all',
      sort: 'position',
      limit: '1',
      columnId: done!.id,
      doneSince: startOfToday,
      cursor: today[2]!.nextCursor!,
    });
    expect(titles(next.items)).toEqual(['Done 5']);
    expect(next.nextCursor).toBeNull();
  });

  it('applies the listing filters to pages and totals: list, top level only, text', async () => {
    const api = await newUser();
    const [todo, doing] = await api.columns();
    const list = (await api.call('POST', '/lists', { name: 'Home' })).body;
    const parent = await api.createTask({ title: 'Paint the fence', columnId: todo!.id, listId: list.id });
    await api.createTask({ title: 'Buy paint', parentId: parent.id, listId: list.id });
    await api.createTask({ title: 'Water plants', columnId: doing!.id, listId: list.id });
    await api.createTask({ title: 'Paint report', columnId: doing!.id, note: 'for work' });

    const totals = async (query: Record<string, string>) =>
      (await groupsOf(api, { groupBy: 'column', ...query })).map((group) => [
        group.total,
        titles(group.items),
      ]);
    expect(await totals({ listId: list.id })).toEqual([
      [2, ['Paint the fence', 'Buy paint']],
      [1, ['Water plants']],
      [0, []],
    ]);
    expect(await totals({ listId: list.id, parentId: 'none' })).toEqual([
      [1, ['Paint the fence']],
      [1, ['Water plants']],
      [0, []],
    ]);
    expect(await totals({ q: 'paint', parentId: 'none' })).toEqual([
      [1, ['Paint the fence']],
      [1, ['Paint report']],
      [0, []],
    ]);
    expect(await totals({ q: 'FOR WORK' })).toEqual([
      [0, []],
      [1, ['Paint report']],
      [0, []],
    ]);
  });
});

describe('grouped by cell', () => {
  it('answers the nine cells, most important and most urgent first, each sorted and counted', async () => {
    const api = await newUser();
    await api.createTask({ title: 'Later', urgency: 'high', importance: 'high' });
    await api.createTask({
      title: 'Sooner',
      urgency: 'high',
      importance: 'high',
      dueDate: '2026-03-11T09:00:00Z',
    });
    await api.createTask({
      title: 'Soonest',
      urgency: 'high',
      importance: 'high',
      dueDate: '2026-03-10T09:00:00Z',
    });
    await api.createTask({ title: 'Someday', urgency: 'low', importance: 'medium' });
    const finished = await api.createTask({ title: 'Finished', urgency: 'low', importance: 'medium' });
    await api.call('POST', `/tasks/${finished.id}/complete`, {});

    const groups = await groupsOf(api, { groupBy: 'cell', status: 'open', sort: 'dueDate', limit: '2' });
    expect(groups.map((group) => `${group.urgency}/${group.importance}`)).toEqual([
      'high/high',
      'medium/high',
      'low/high',
      'high/medium',
      'medium/medium',
      'low/medium',
      'high/low',
      'medium/low',
      'low/low',
    ]);
    expect(groups.every((group) => group.columnId === undefined)).toBe(true);
    expect(groups.map((group) => group.total)).toEqual([3, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(titles(groups[0]!.items)).toEqual(['Soonest', 'Sooner']);
    expect(titles(groups[5]!.items)).toEqual(['Someday']);

    const next = await pageOf(api, {
      status: 'open',
      sort: 'dueDate',
      urgency: 'high',
      importance: 'high',
      limit: '2',
      cursor: groups[0]!.nextCursor!,
    });
    expect(titles(next.items)).toEqual(['Later']);
  });

  it('leaves the cells an urgency or importance filter rules out empty', async () => {
    const api = await newUser();
    await api.createTask({ title: 'Urgent', urgency: 'high', importance: 'low' });
    await api.createTask({ title: 'Calm', urgency: 'low', importance: 'low' });
    const groups = await groupsOf(api, { groupBy: 'cell', urgency: 'high' });
    expect(groups).toHaveLength(9);
    expect(groups.filter((group) => group.total > 0).map((group) => titles(group.items))).toEqual([
      ['Urgent'],
    ]);
    expect(groups.find((group) => group.urgency === 'low' && group.importance === 'low')).toMatchObject({
      total: 0,
      items: [],
    });
  });
});

describe('isolation and input', () => {
  it('never shows another user’s columns or tasks', async () => {
    const api = await newUser();
    const other = await newUser();
    await createTasks(other, 3, {}, 'Theirs');
    await api.createTask({ title: 'Mine', urgency: 'high', importance: 'high' });
    const ownColumns = (await api.columns()).map((column) => column.id);

    const byColumn = await groupsOf(api, { groupBy: 'column' });
    expect(byColumn.map((group) => group.columnId)).toEqual(ownColumns);
    const byCell = await groupsOf(api, { groupBy: 'cell' });
    for (const groups of [byColumn, byCell]) {
      expect(groups.flatMap((group) => titles(group.items))).toEqual(['Mine']);
      expect(groups.reduce((sum, group) => sum + group.total, 0)).toBe(1);
    }
    const theirColumn = (await other.columns())[0]!.id;
    expect((await api.call('GET', `/tasks/groups?groupBy=column&listId=${theirColumn}`)).status).toBe(200);
  });

  it('refuses bad input with 400 and the error shape', async () => {
    const api = await newUser();
    for (const query of [
      '',
      'groupBy=row',
      'groupBy=column&limit=0',
      'groupBy=column&limit=201',
      'groupBy=column&limit=ten',
      'groupBy=column&cursor=abc',
      'groupBy=column&columnId=00000000-0000-4000-8000-000000000000',
      'groupBy=column&doneSince=yesterday',
      'groupBy=cell&urgency=extreme',
      'groupBy=cell&sort=colour',
    ]) {
      const response = await api.call('GET', `/tasks/groups?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe('VALIDATION_FAILED');
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/tasks/groups?groupBy=column' })).statusCode).toBe(
      401,
    );
  });
});

describe('a user with 10,000 tasks', () => {
  it('reads each group from an index and never sorts the whole set', async () => {
    const user = await signUp(t);
    const api = taskClient(t, user.accessToken, 'Europe/Warsaw');
    const userId = (await api.call('GET', '/users/me')).body.id as string;
    const columnIds = (await api.columns()).map((column) => column.id);
    const now = t.clock.now();
    await t.database.db.execute(sql`
      insert into tasks (user_id, id, title, column_id, urgency, importance, priority, due_date, completed_at,
                         created_at, updated_at)
      select ${userId}, gen_random_uuid(), 'Task ' || g, (array[${sql.join(columnIds, sql`, `)}]::uuid[])[g % 3 + 1],
             (case when g % 97 = 0 then 'high' when g % 3 = 0 then 'low' else 'medium' end)::level,
             (case when g % 89 = 0 then 'high' when g % 5 = 0 then 'low' else 'medium' end)::level,
             g * 1024,
             case when g % 2 = 0 then ${now}::timestamptz + (g % 40) * interval '1 day' end,
             case when g % 3 = 2 then ${now}::timestamptz - (g % 30) * interval '1 day' end,
             ${now}::timestamptz, ${now}::timestamptz
        from generate_series(1, 10000) g`);
    await t.database.db.execute(sql`analyze tasks`);

    for (const search of [
      { groupBy: 'column', status: 'all', sort: 'position', parentId: 'none' },
      { groupBy: 'cell', status: 'open', sort: 'dueDate', parentId: 'none' },
    ]) {
      const groups = await groupsOf(api, search);
      expect(groups.every((group) => group.items.length === Math.min(50, group.total))).toBe(true);
      expect(groups.reduce((sum, group) => sum + group.total, 0)).toBeGreaterThan(3000);
    }

    // The statement the service runs for the board (its completion column showing the last day's
    // done tasks) and for the grid, explained.
    const bounds = getDayBounds(now, 'Europe/Warsaw');
    const doneSince = new Date(now.getTime() - 86_400_000);
    const board = {
      query: { status: 'all', sort: 'position', parentId: 'none' } satisfies ListTasksQuery,
      groups: columnIds.map((columnId, index) => ({
        columnId,
        doneSince: index === columnIds.length - 1 ? doneSince : undefined,
      })),
    };
    const grid = {
      query: { status: 'open', sort: 'dueDate', parentId: 'none' } satisfies ListTasksQuery,
      groups: levels.flatMap((importance) => levels.map((urgency) => ({ urgency, importance }))),
    };
    for (const { query, groups } of [board, grid]) {
      const listing = buildTaskQuery({ userId, query, bounds });
      const statement = groupPagesQuery({ listing, groups, limit: 51 });
      const nodes = await explainStatement(t.database.db, statement);
      const summary = JSON.stringify(
        nodes.map((node) => [
          node['Node Type'],
          node['Index Name'],
          node['Actual Rows'],
          node['Rows Removed by Filter'],
        ]),
      );
      expect(
        nodes.some((node) => node['Node Type'] === 'Seq Scan'),
        summary,
      ).toBe(false);
      // Each group's walk stops at its page (rare cells read their few rows from another index).
      expect(indexRowsRead(nodes), summary).toBeLessThan(3000);
      // Sorting only what the groups return (the outer merge, ties of equal position), never a group's whole set.
      for (const node of nodes.filter((node) => node['Node Type'].includes('Sort'))) {
        expect(node['Actual Rows'] ?? 0, summary).toBeLessThanOrEqual(51 * groups.length);
      }
    }
  }, 120_000);
});
