import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type ListTasksQuery, listTasksQuerySchema, smartViews } from '@cairn/contracts/tasks';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { getDayBounds } from '../src/lib/day-bounds';
import { smartViewFilter } from '../src/modules/tasks/smart-view-filters';
import { buildTaskQuery } from '../src/modules/tasks/task-query';
import { taskPageQuery } from '../src/modules/tasks/tasks.repository';
import { tasks } from '../src/modules/tasks/tasks.table';
import { explainStatement, indexRowsRead, type PlanNode } from './support/query-plans';
import { createTestApp, signUp, type TestApp } from './support/test-app';

// A user with 10,000 tasks: every listing the web asks for must read its page from an index in order,
// never sort the user's whole set, and a next page must start where the last one ended.
const TASK_COUNT = 10_000;
const PAGE = 50;
const TIME_ZONE = 'Europe/Warsaw';

/** The listings of the classic list (each sort it offers), the board, the grid, the archive and the trash. */
const listings: { name: string; query: Record<string, string>; index: string }[] = [
  {
    name: 'classic list and grid',
    query: { status: 'open', sort: 'dueDate' },
    index: 'tasks_live_due_order_idx',
  },
  {
    name: 'classic list, due date descending',
    query: { status: 'open', sort: 'dueDate', order: 'desc' },
    index: 'tasks_live_due_order_idx',
  },
  {
    name: 'classic list by title',
    query: { status: 'open', sort: 'title' },
    index: 'tasks_live_title_order_idx',
  },
  {
    name: 'classic list by date added',
    query: { status: 'open', sort: 'createdAt', order: 'desc' },
    index: 'tasks_live_created_order_idx',
  },
  {
    name: 'classic list by urgency',
    query: { status: 'open', sort: 'urgency', order: 'desc' },
    index: 'tasks_live_urgency_order_idx',
  },
  {
    name: 'classic list by importance',
    query: { status: 'open', sort: 'importance' },
    index: 'tasks_live_importance_order_idx',
  },
  {
    name: 'classic list of done tasks by date completed',
    query: { status: 'completed', sort: 'completedAt', order: 'desc' },
    index: 'tasks_live_completed_order_idx',
  },
  {
    name: 'classic list, every status',
    query: { status: 'all', sort: 'dueDate' },
    index: 'tasks_live_due_order_idx',
  },
  { name: 'board', query: { status: 'all', sort: 'position' }, index: 'tasks_user_priority_id_idx' },
  {
    name: 'archive',
    query: { view: 'archived', sort: 'archivedAt', order: 'desc' },
    index: 'tasks_archive_order_idx',
  },
  {
    name: 'trash',
    query: { isDeleted: 'true', sort: 'deletedAt', order: 'desc' },
    index: 'tasks_trash_order_idx',
  },
];

let testApp: TestApp;
let token: string;
let userId: string;
let credentials: { username: string; password: string };
const headers = { 'x-timezone': TIME_ZONE };

beforeAll(async () => {
  testApp = await createTestApp();
  const user = await signUp(testApp);
  token = user.accessToken;
  credentials = { username: user.username, password: user.password };
  userId = (await testApp.request({ method: 'GET', url: '/api/v1/users/me', token })).json().id;
  const columnId = (await testApp.request({ method: 'GET', url: '/api/v1/columns', token })).json().items[0]
    .id;
  const listId = (
    await testApp.request({ method: 'POST', url: '/api/v1/lists', token, payload: { name: 'Work' } })
  ).json().id;
  const now = testApp.clock.now();
  // Dated around today, some done, some archived or trashed, some set by hand into Today and New.
  await testApp.database.db.execute(sql`
    insert into tasks (user_id, id, title, column_id, list_id, urgency, importance, priority, due_date,
                       completed_at, archived_at, deleted_at, added_to_today, added_to_new, rrule,
                       created_at, updated_at)
    select ${userId}, gen_random_uuid(), 'Task ' || g, ${columnId}, case when g % 3 = 0 then null else ${listId}::uuid end,
           (array['low', 'medium', 'high'])[g % 3 + 1]::level,
           (array['low', 'medium', 'high'])[(g / 2) % 3 + 1]::level,
           g * 1024,
           case when g % 3 = 0 then ${now}::timestamptz + ((g % 40) - 20) * interval '1 day' + (g % 24) * interval '1 hour' end,
           case when g % 4 = 0 then ${now}::timestamptz - (g % 10) * interval '1 hour' end,
           case when g % 50 = 7 then ${now}::timestamptz end,
           case when g % 50 = 9 then ${now}::timestamptz end,
           case when g % 97 = 0 then true when g % 89 = 0 then false end,
           case when g % 83 = 0 then true when g % 79 = 0 then false end,
           case when g % 31 = 0 then 'FREQ=DAILY' end,
           ${now}::timestamptz - (g % 30) * interval '1 day', ${now}::timestamptz
      from generate_series(1, ${TASK_COUNT}) g`);
  await testApp.database.db.execute(sql`analyze`);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

function pageQuery(query: Record<string, string>, owner = userId) {
  const parsed = listTasksQuerySchema.parse(query) as ListTasksQuery;
  const built = buildTaskQuery({
    userId: owner,
    query: parsed,
    bounds: getDayBounds(testApp.clock.now(), TIME_ZONE),
  });
  return taskPageQuery({ ...built, limit: PAGE + 1 });
}

function planOf(query: Record<string, string>, owner = userId): Promise<PlanNode[]> {
  return explainStatement(testApp.database.db, pageQuery(query, owner));
}

async function listPage(query: Record<string, string>, as = token) {
  const response = await testApp.request({
    method: 'GET',
    url: `/api/v1/tasks?${new URLSearchParams(query)}`,
    token: as,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { items: { id: string }[]; nextCursor: string | null };
}

describe('task listings of a user with 10,000 tasks', () => {
  it.each(listings)(
    '$name: first and next page read their rows from $index, sorting nothing',
    async (listing) => {
      const first = await listPage(listing.query);
      expect(first.nextCursor).not.toBeNull();
      const next = await listPage({ ...listing.query, cursor: first.nextCursor as string });
      expect(next.items.length).toBeGreaterThan(0);
      expect(next.items.map((item) => item.id)).not.toContain(first.items.at(-1)?.id);

      for (const query of [listing.query, { ...listing.query, cursor: first.nextCursor as string }]) {
        const nodes = await planOf(query);
        expect(nodes.filter((node) => node['Node Type'].includes('Sort'))).toEqual([]);
        const scan = nodes.find((node) => node['Index Name'] === listing.index);
        expect(scan, JSON.stringify(nodes.map((node) => node['Node Type']))).toBeDefined();
        // The walk stops after the page: a page's rows, plus the few of another status it steps over.
        const read = (scan?.['Actual Rows'] ?? 0) + (scan?.['Rows Removed by Filter'] ?? 0);
        expect(read).toBeLessThanOrEqual(4 * (PAGE + 1));
      }
    },
  );
});

describe('a completion column holding years of done tasks', () => {
  it('shows the open and the recently done a page at a time, reading little more than the page', async () => {
    const owner = await signUp(testApp);
    const ownerId = (
      await testApp.request({ method: 'GET', url: '/api/v1/users/me', token: owner.accessToken })
    ).json().id as string;
    const columns = (
      await testApp.request({ method: 'GET', url: '/api/v1/columns', token: owner.accessToken })
    ).json().items as { id: string; isCompletion: boolean }[];
    const doneColumnId = columns.find((column) => column.isCompletion)?.id as string;
    const now = testApp.clock.now();
    const since = new Date(now.getTime() - 6 * 3_600_000);
    // 5,000 done before the instant, 30 done after it and 40 still open, their positions interleaved.
    await testApp.database.db.execute(sql`
      insert into tasks (user_id, id, title, column_id, priority, completed_at, created_at, updated_at)
      select ${ownerId}, gen_random_uuid(), 'Done ' || g, ${doneColumnId}, g,
             case when g % 7 = 0 and g <= 210 then ${now}::timestamptz - (g % 5) * interval '1 hour'
                  when g % 7 = 1 and g <= 280 then null
                  else ${since}::timestamptz - (g % 1000) * interval '1 day' - interval '1 minute' end,
             ${now}::timestamptz, ${now}::timestamptz
        from generate_series(1, 5070) g`);
    await testApp.database.db.execute(sql`analyze tasks`);
    const query = { columnId: doneColumnId, status: 'all', sort: 'position', doneSince: since.toISOString() };

    // The same tasks, in the same order, as the plain condition finds them.
    const expected = await queryRows<{ id: string }>(
      testApp.database.db,
      sql`select id from tasks where user_id = ${ownerId} and column_id = ${doneColumnId}
            and (completed_at is null or completed_at >= ${since}) order by priority, id`,
    );
    expect(expected).toHaveLength(70);
    const first = await listPage(query, owner.accessToken);
    expect(first.nextCursor).not.toBeNull();
    const next = await listPage({ ...query, cursor: first.nextCursor as string }, owner.accessToken);
    expect(next.nextCursor).toBeNull();
    expect([...first.items, ...next.items].map((item) => item.id)).toEqual(expected.map((row) => row.id));

    for (const page of [query, { ...query, cursor: first.nextCursor as string }]) {
      const nodes = await planOf(page, ownerId);
      const summary = JSON.stringify(nodes.map((node) => [node['Node Type'], node['Index Name']]));
      expect(
        nodes.some((node) => node['Node Type'] === 'Seq Scan'),
        summary,
      ).toBe(false);
      expect(indexRowsRead(nodes), summary).toBeLessThanOrEqual(2 * (PAGE + 1));
    }
  }, 60_000);
});

describe('smart-view counts of a user with 10,000 tasks', () => {
  /** Every view's count the plain way: one filter per view over all the user's tasks. */
  async function countedPlainly(): Promise<Record<string, { open: number; completed: number }>> {
    const bounds = getDayBounds(testApp.clock.now(), TIME_ZONE);
    const selection: Record<string, SQL<number>> = {};
    for (const view of smartViews) {
      const rule = smartViewFilter(view, bounds);
      selection[`${view}:open`] =
        sql<number>`count(*) filter (where ${rule} and ${tasks.completedAt} is null)`.mapWith(Number);
      selection[`${view}:completed`] =
        sql<number>`count(*) filter (where ${rule} and ${tasks.completedAt} is not null)`.mapWith(Number);
    }
    const [row] = await testApp.database.db
      .select(selection)
      .from(tasks)
      .where(and(eq(tasks.userId, userId), isNull(tasks.deletedAt)));
    return Object.fromEntries(
      smartViews.map((view) => [
        view,
        { open: row![`${view}:open`]!, completed: row![`${view}:completed`]! },
      ]),
    );
  }

  async function countedByApi() {
    const response = await testApp.request({ method: 'GET', url: '/api/v1/smart-views', token, headers });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { view: string; open: number; completed: number }[];
    return Object.fromEntries(items.map(({ view, open, completed }) => [view, { open, completed }]));
  }

  it('match a plain count, after changes of every kind and as the days pass', async () => {
    expect(await countedByApi()).toEqual(await countedPlainly());

    const ids = (await listPage({ status: 'open', sort: 'dueDate' })).items.map((item) => item.id);
    const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      testApp.request({ method, url: `/api/v1${url}`, token, headers, ...(payload ? { payload } : {}) });
    // Enough separate changes that the stored differences get folded along the way.
    for (const [index, id] of ids.slice(0, 24).entries()) {
      await call('PATCH', `/tasks/${id}`, {
        urgency: 'high',
        addedToToday: index % 2 === 0,
        addedToNew: null,
      });
      await call('POST', `/tasks/${id}/complete`);
      if (index % 3 === 0) await call('POST', `/tasks/${id}/uncomplete`);
      if (index % 4 === 1) await call('POST', `/tasks/${id}/archive`);
      if (index % 4 === 2) await call('DELETE', `/tasks/${id}`);
      if (index % 8 === 2) await call('POST', `/tasks/${id}/restore`);
    }
    await call('POST', '/tasks', {
      title: 'Due tomorrow',
      dueDate: '2026-03-11T10:00:00Z',
      importance: 'high',
    });
    await call('DELETE', `/tasks/${ids[6]}/permanent`);
    await call('DELETE', '/tasks/trash');
    expect(await countedByApi()).toEqual(await countedPlainly());
    // That read folded the differences the changes left into one row per completion state.
    const [stored] = await queryRows<{ rows: number }>(
      testApp.database.db,
      sql`select count(*)::int as rows from task_view_counts where user_id = ${userId}`,
    );
    expect(stored?.rows).toBeLessThanOrEqual(2);
    expect(await countedByApi()).toEqual(await countedPlainly());

    for (const days of [1, 2, 9]) {
      testApp.clock.advance(days * 86_400_000);
      const login = await testApp.request({ method: 'POST', url: '/auth/token', payload: credentials });
      token = login.json().accessToken.token;
      expect(await countedByApi()).toEqual(await countedPlainly());
    }
  }, 120_000);
});

describe('responses over 1 KB', () => {
  it('come compressed as the client accepts, and small ones as they are', async () => {
    const url = '/api/v1/tasks?status=open&sort=dueDate';
    const plain = await testApp.request({ method: 'GET', url, token, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await testApp.request({
        method: 'GET',
        url,
        token,
        headers: { ...headers, 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decompress(response.rawPayload).toString()).toBe(plain.body);
    }
    const small = await testApp.request({
      method: 'GET',
      url: '/api/v1/users/me',
      token,
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.statusCode).toBe(200);
  });
});
