import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, wrapPglite } from './client';
import { refreshPlannerStatistics, refreshStaleStatistics } from './planner-statistics';

let database: Database;
let pglite: PGlite;
const userId = '01900000-0000-7000-8000-000000000001';
const firstPage = `explain (format json) select * from tasks
  where user_id = '${userId}' and deleted_at is null and archived_at is null
  order by priority, id limit 51`;

const planOf = async () => JSON.stringify((await pglite.query<{ 'QUERY PLAN': unknown }>(firstPage)).rows[0]);

beforeAll(async () => {
  pglite = await PGlite.create();
  database = wrapPglite(pglite);
  await database.migrate();
  await pglite.exec(`
    insert into users (id, username, email, password) values ('${userId}', 'many', 'many@example.com', 'x');
    insert into columns (user_id, id, name, is_default) values ('${userId}', '${userId}', 'To do', true);
    insert into tasks (user_id, id, title, column_id, priority)
      select '${userId}', gen_random_uuid(), 'Task ' || n, '${userId}', n * 1024 from generate_series(1, 10000) n;
  `);
});
afterAll(() => database.close());

describe('planner statistics on the embedded database', () => {
  it('let a first page of 10,000 tasks read the order index instead of sorting every row', async () => {
    expect(await planOf()).toContain('"Sort"');
    await refreshPlannerStatistics(pglite);
    const plan = await planOf();
    expect(plan).toContain('tasks_user_priority_id_idx');
    expect(plan).not.toContain('"Sort"');
  });

  it('are refreshed again after a burst of writes, and only for the tables that changed', async () => {
    await refreshPlannerStatistics(pglite);
    expect(await refreshStaleStatistics(pglite)).toEqual([]);
    await pglite.exec(`update tasks set title = title || '!' where priority <= 2000 * 1024`);
    expect(await refreshStaleStatistics(pglite)).toEqual(['public.tasks']);
    expect(await refreshStaleStatistics(pglite)).toEqual([]);
  });

  it('vacuum a table after a burst of inserts or deletes, so its index alone answers and dead rows go', async () => {
    const idsAndOrder = `explain (analyze, format json) select priority, id from tasks
      where user_id = '${userId}' order by priority, id`;
    const heapFetches = async () => {
      const plan = JSON.stringify((await pglite.query<{ 'QUERY PLAN': unknown }>(idsAndOrder)).rows[0]);
      expect(plan).toContain('Index Only Scan');
      return Number(/"Heap Fetches":\s*(\d+)/.exec(plan)?.[1]);
    };
    await pglite.exec(`insert into tasks (user_id, id, title, column_id, priority)
      select '${userId}', gen_random_uuid(), 'More ' || n, '${userId}', (20000 + n) * 1024
        from generate_series(1, 5000) n`);
    expect(await heapFetches()).toBeGreaterThan(0);
    expect(await refreshStaleStatistics(pglite)).toEqual(['public.tasks']);
    expect(await heapFetches()).toBe(0);

    await pglite.exec(`delete from tasks where title like 'More %'`);
    expect(await refreshStaleStatistics(pglite)).toEqual(['public.tasks']);
    const { rows } = await pglite.query<{ dead: number }>(
      `select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'tasks'`,
    );
    expect(rows[0]?.dead).toBe(0);
  });
});
