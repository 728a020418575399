import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestApp, type TestApp } from './support/test-app';
import { worklogUser } from './support/worklog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('projects', () => {
  it('hides ended projects from the list unless asked, and brings them back', async () => {
    const api = await worklogUser(t);
    const live = await api.createProject({ name: 'Beta', client: 'Acme' });
    const ended = await api.createProject({ name: 'alpha' });
    const end = await api.call('PATCH', `/worklogs/projects/${ended.id}`, {
      endedAt: '2026-03-01T00:00:00Z',
    });
    expect(end.status).toBe(200);
    expect(end.body.endedAt).toBe('2026-03-01T00:00:00.000Z');
    const names = async (query: string) =>
      (await api.call('GET', `/worklogs/projects${query}`)).body.items.map(
        (item: { name: string }) => item.name,
      );
    expect(await names('')).toEqual(['Beta']);
    expect(await names('?includeEnded=true')).toEqual(['alpha', 'Beta']);
    await api.call('PATCH', `/worklogs/projects/${ended.id}`, { endedAt: null });
    expect(await names('')).toEqual(['alpha', 'Beta']);
    expect(live.client).toBe('Acme');
  });

  it('refuses to delete a project with entries (409, offering to end it) and deletes an empty one', async () => {
    const api = await worklogUser(t);
    const used = await api.createProject();
    const empty = await api.createProject({ name: 'Empty' });
    await api.createEntry({ projectId: used.id, duration: 30 });
    const refused = await api.call('DELETE', `/worklogs/projects/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.error).toMatch(/end it instead/);
    expect((await api.call('GET', `/worklogs/projects/${used.id}`)).status).toBe(200);
    expect((await api.call('DELETE', `/worklogs/projects/${empty.id}`)).status).toBe(204);
    expect((await api.call('GET', `/worklogs/projects/${empty.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/worklogs/projects/${empty.id}`)).status).toBe(404);
  });
});

describe('categories', () => {
  it('default to a multiplier of 1 and refuse one below 1', async () => {
    const api = await worklogUser(t);
    expect((await api.createCategory()).breaksMultiplier).toBe('1');
    const refused = await api.call('POST', '/worklogs/categories', { name: 'Odd', breaksMultiplier: '0.9' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
  });

  it('leave their entries when deleted; the entries keep their multiplier', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const category = await api.createCategory({ breaksMultiplier: '1.15' });
    const entry = await api.createEntry({ projectId: project.id, categoryId: category.id, duration: 60 });
    expect(entry.breaksMultiplier).toBe('1.15');
    await api.call('POST', '/worklogs/timer/start', { projectId: project.id, categoryId: category.id });
    expect((await api.call('DELETE', `/worklogs/categories/${category.id}`)).status).toBe(204);
    const after = (await api.call('GET', `/worklogs/${entry.id}`)).body;
    expect(after).toMatchObject({ categoryId: null, breaksMultiplier: '1.15', durationWithBreaks: '69' });
    expect((await api.call('GET', '/worklogs/timer')).body.timer.categoryId).toBeNull();
    expect((await api.call('GET', `/worklogs/categories/${category.id}`)).status).toBe(404);
  });
});

describe('durations', () => {
  it('multiplies exactly: 7 minutes × 1.15 is 8.05, 1 minute × 1.000001 is 1.000001', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const cases: [number, string, string][] = [
      [7, '1.15', '8.05'],
      [1, '1.000001', '1.000001'],
      [2879, '99.999999', '287899.997121'],
      [60, '1', '60'],
      [3, '1.1', '3.3'],
    ];
    for (const [duration, breaksMultiplier, expected] of cases) {
      const entry = await api.createEntry({ projectId: project.id, duration, breaksMultiplier });
      expect(entry.durationWithBreaks, `${duration} × ${breaksMultiplier}`).toBe(expected);
    }
    // 0.1 + 0.2 in floats is 0.30000000000000004: the totals are summed as decimals.
    const sums = await worklogUser(t);
    const other = await sums.createProject();
    await sums.createEntry({ projectId: other.id, duration: 1, breaksMultiplier: '1.1' });
    await sums.createEntry({ projectId: other.id, duration: 1, breaksMultiplier: '1.2' });
    const totals = (await sums.call('GET', '/worklogs')).body.totals;
    expect(totals).toEqual({ duration: 2, durationWithBreaks: '2.3', count: 2 });
  });

  it('takes the multiplier from the category unless one is given, and a new category brings its own', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const meetings = await api.createCategory({ name: 'Meetings', breaksMultiplier: '1.25' });
    const coding = await api.createCategory({ name: 'Coding', breaksMultiplier: '1.5' });
    const fromCategory = await api.createEntry({
      projectId: project.id,
      categoryId: meetings.id,
      duration: 8,
    });
    expect(fromCategory).toMatchObject({ breaksMultiplier: '1.25', durationWithBreaks: '10' });
    const given = await api.createEntry({
      projectId: project.id,
      categoryId: meetings.id,
      duration: 8,
      breaksMultiplier: '1',
    });
    expect(given.durationWithBreaks).toBe('8');
    const moved = await api.call('PATCH', `/worklogs/${fromCategory.id}`, { categoryId: coding.id });
    expect(moved.body).toMatchObject({ breaksMultiplier: '1.5', durationWithBreaks: '12' });
    const cleared = await api.call('PATCH', `/worklogs/${fromCategory.id}`, { categoryId: null });
    expect(cleared.body).toMatchObject({ breaksMultiplier: '1', durationWithBreaks: '8' });
    const renamed = await api.call('PATCH', `/worklogs/${given.id}`, { description: 'Stand-up' });
    expect(renamed.body).toMatchObject({ breaksMultiplier: '1', description: 'Stand-up' });
  });

  it('derives the duration from start and end, past midnight when the entry says so', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const day = await api.createEntry({ projectId: project.id, startTime: '09:15', endTime: '17:45' });
    expect(day).toMatchObject({ duration: 510, crossesMidnight: false });
    const night = await api.createEntry({
      projectId: project.id,
      startTime: '22:30',
      endTime: '01:15',
      crossesMidnight: true,
      breaksMultiplier: '1.15',
    });
    expect(night).toMatchObject({
      duration: 165,
      startTime: '22:30',
      endTime: '01:15',
      crossesMidnight: true,
      durationWithBreaks: '189.75',
    });
    const agreeing = await api.call('POST', '/worklogs', {
      projectId: project.id,
      workDate: '2026-03-10',
      startTime: '23:00',
      endTime: '00:00',
      crossesMidnight: true,
      duration: 60,
    });
    expect(agreeing.status).toBe(201);
  });

  it('refuses an end before the start without crossesMidnight, an end equal to the start, and a disagreeing duration', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const base = { projectId: project.id, workDate: '2026-03-10' };
    const before = await api.call('POST', '/worklogs', { ...base, startTime: '22:30', endTime: '01:15' });
    expect(before.status).toBe(400);
    expect(before.body.error).toBe('End time is before start time; mark the entry as crossing midnight');
    expect(before.body.issues[0].path).toEqual(['body', 'endTime']);
    const same = await api.call('POST', '/worklogs', { ...base, startTime: '10:00', endTime: '10:00' });
    expect(same.status).toBe(400);
    const disagreeing = await api.call('POST', '/worklogs', {
      ...base,
      startTime: '10:00',
      endTime: '11:00',
      duration: 45,
    });
    expect(disagreeing.status).toBe(400);
    expect(disagreeing.body.issues[0].path).toEqual(['body', 'duration']);
    const none = await api.call('POST', '/worklogs', { ...base, startTime: '10:00' });
    expect(none.status).toBe(400);
    expect((await api.call('GET', '/worklogs')).body.totals.count).toBe(0);
  });

  it('checks times and duration together on a change', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const entry = await api.createEntry({ projectId: project.id, startTime: '09:00', endTime: '10:00' });
    const later = await api.call('PATCH', `/worklogs/${entry.id}`, { endTime: '11:30' });
    expect(later.body).toMatchObject({ duration: 150, endTime: '11:30' });
    const backwards = await api.call('PATCH', `/worklogs/${entry.id}`, { endTime: '08:00' });
    expect(backwards.status).toBe(400);
    const overnight = await api.call('PATCH', `/worklogs/${entry.id}`, {
      endTime: '08:00',
      crossesMidnight: true,
    });
    expect(overnight.body).toMatchObject({ duration: 1380, crossesMidnight: true });
    const conflicting = await api.call('PATCH', `/worklogs/${entry.id}`, { duration: 30 });
    expect(conflicting.status).toBe(400);
    const untimed = await api.call('PATCH', `/worklogs/${entry.id}`, {
      startTime: null,
      endTime: null,
      duration: 30,
    });
    expect(untimed.body).toMatchObject({
      duration: 30,
      startTime: null,
      endTime: null,
      crossesMidnight: false,
    });
  });
});

describe('overlaps', () => {
  it('flags entries whose times meet on the same day and across midnight, never refusing them', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const entry = (startTime: string, endTime: string, workDate = '2026-03-10', crossesMidnight = false) =>
      api.createEntry({ projectId: project.id, workDate, startTime, endTime, crossesMidnight });
    const morning = await entry('09:00', '10:00');
    const overlapping = await entry('09:30', '11:00');
    const adjacent = await entry('11:00', '12:00');
    const late = await entry('23:00', '01:00', '2026-03-10', true);
    const nextMorning = await entry('00:30', '02:00', '2026-03-11');
    const nextDay = await entry('09:45', '10:15', '2026-03-11');
    const untimed = await api.createEntry({ projectId: project.id, duration: 600 });

    expect(overlapping.overlapsWith).toEqual([morning.id]);
    const read = async (id: string) => (await api.call('GET', `/worklogs/${id}`)).body.overlapsWith;
    expect(await read(morning.id)).toEqual([overlapping.id]);
    expect((await read(overlapping.id)).sort()).toEqual([morning.id].sort());
    expect(await read(adjacent.id)).toEqual([]);
    expect(await read(late.id)).toEqual([nextMorning.id]);
    expect(await read(nextMorning.id)).toEqual([late.id]);
    expect(await read(nextDay.id)).toEqual([]);
    expect(await read(untimed.id)).toEqual([]);
    const listed = (await api.call('GET', '/worklogs?from=2026-03-10&to=2026-03-10')).body.items;
    const byId = new Map(
      listed.map((item: { id: string; overlapsWith: string[] }) => [item.id, item.overlapsWith]),
    );
    expect(byId.get(late.id)).toEqual([nextMorning.id]);
    expect(byId.get(morning.id)).toEqual([overlapping.id]);
  });
});

describe('linked tasks', () => {
  it("fills the task's name and page, and sums time on a task and its subtree", async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const parent = await api.createTask({ title: 'Launch' });
    const child = await api.createTask({ title: 'Write copy', parentId: parent.id });
    const grandchild = await api.createTask({ title: 'Proofread', parentId: child.id });
    const entry = await api.createEntry({
      projectId: project.id,
      taskId: parent.id,
      duration: 30,
      breaksMultiplier: '1.1',
    });
    expect(entry).toMatchObject({
      taskId: parent.id,
      taskName: 'Launch',
      taskUrl: `${t.config.publicUrl}/tasks/${parent.id}/`,
    });
    const ownUrl = await api.createEntry({
      projectId: project.id,
      taskId: child.id,
      taskUrl: 'https://tracker.example.com/ISSUE-1',
      duration: 15,
    });
    expect(ownUrl).toMatchObject({ taskName: 'Write copy', taskUrl: 'https://tracker.example.com/ISSUE-1' });
    await api.createEntry({ projectId: project.id, taskId: grandchild.id, duration: 5 });
    await api.createEntry({ projectId: project.id, duration: 1000 });

    const totals = await api.call('GET', `/tasks/${parent.id}/worklog-totals`);
    expect(totals.body).toEqual({
      own: { duration: 30, durationWithBreaks: '33', count: 1 },
      subtree: { duration: 50, durationWithBreaks: '53', count: 3 },
    });
    const childTotals = (await api.call('GET', `/tasks/${child.id}/worklog-totals`)).body;
    expect(childTotals.subtree).toEqual({ duration: 20, durationWithBreaks: '20', count: 2 });
    const relinked = await api.call('PATCH', `/worklogs/${entry.id}`, { taskId: grandchild.id });
    expect(relinked.body).toMatchObject({
      taskName: 'Proofread',
      taskUrl: `${t.config.publicUrl}/tasks/${grandchild.id}/`,
    });
    expect((await api.call('GET', `/worklogs?taskId=${grandchild.id}`)).body.totals.count).toBe(2);

    // A subtask in the trash leaves the tree, and its time with it; on its own it still shows its time.
    expect((await api.call('DELETE', `/tasks/${grandchild.id}`)).status).toBe(204);
    expect((await api.call('GET', `/tasks/${parent.id}/worklog-totals`)).body.subtree).toEqual({
      duration: 15,
      durationWithBreaks: '15',
      count: 1,
    });
    expect((await api.call('GET', `/tasks/${grandchild.id}/worklog-totals`)).body).toEqual({
      own: { duration: 35, durationWithBreaks: '38', count: 2 },
      subtree: { duration: 35, durationWithBreaks: '38', count: 2 },
    });
  });

  it('refuses URLs other than http(s)', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const refused = await api.call('POST', '/worklogs', {
      projectId: project.id,
      workDate: '2026-03-10',
      duration: 5,
      pullRequestUrl: 'javascript:alert(1)',
    });
    expect(refused.status).toBe(400);
  });
});

describe("another user's", () => {
  it('project, category and task are refused with 404, like ids that do not exist', async () => {
    const owner = await worklogUser(t);
    const intruder = await worklogUser(t);
    const project = await owner.createProject();
    const category = await owner.createCategory();
    const task = await owner.createTask({ title: 'Private' });
    const entry = await owner.createEntry({ projectId: project.id, categoryId: category.id, duration: 10 });
    const own = await intruder.createProject();
    const base = { projectId: own.id, workDate: '2026-03-10', duration: 10 };

    const refusals = [
      await intruder.call('POST', '/worklogs', { ...base, projectId: project.id }),
      await intruder.call('POST', '/worklogs', { ...base, categoryId: category.id }),
      await intruder.call('POST', '/worklogs', { ...base, taskId: task.id }),
      await intruder.call('GET', `/worklogs/${entry.id}`),
      await intruder.call('PATCH', `/worklogs/${entry.id}`, { description: 'mine now' }),
      await intruder.call('DELETE', `/worklogs/${entry.id}`),
      await intruder.call('POST', `/worklogs/${entry.id}/copy`, { workDate: '2026-03-11' }),
      await intruder.call('POST', '/worklogs/bulk-delete', { ids: [entry.id] }),
      await intruder.call('GET', `/worklogs?projectId=${project.id}`),
      await intruder.call('GET', `/worklogs?categoryId=${category.id}`),
      await intruder.call('GET', `/worklogs/projects/${project.id}`),
      await intruder.call('PATCH', `/worklogs/projects/${project.id}`, { name: 'x' }),
      await intruder.call('DELETE', `/worklogs/projects/${project.id}`),
      await intruder.call('PATCH', `/worklogs/categories/${category.id}`, { name: 'x' }),
      await intruder.call('DELETE', `/worklogs/categories/${category.id}`),
      await intruder.call('GET', `/tasks/${task.id}/worklog-totals`),
      await intruder.call('POST', '/worklogs/timer/start', { projectId: project.id }),
      await intruder.call('POST', '/worklogs/timer/start', { projectId: own.id, taskId: task.id }),
      await intruder.call('GET', `/worklogs/reports?from=2026-03-01&to=2026-03-31&projectId=${project.id}`),
      await intruder.call('GET', `/worklogs/export?projectId=${project.id}&from=2026-03-01&to=2026-03-31`),
    ];
    expect(refusals.map((response) => [response.status, response.body?.code])).toEqual(
      refusals.map(() => [404, 'NOT_FOUND']),
    );
    expect((await owner.call('GET', `/worklogs/${entry.id}`)).body.description).toBe('');
    expect((await intruder.call('GET', '/worklogs/timer')).body.timer).toBeNull();
    expect((await intruder.call('GET', '/worklogs')).body.totals.count).toBe(0);
  });
});

describe('deleting an account', () => {
  it('takes its projects, categories, entries and timer along, and nobody else’s', async () => {
    const leaving = await worklogUser(t);
    const staying = await worklogUser(t);
    for (const api of [leaving, staying]) {
      const project = await api.createProject();
      const category = await api.createCategory();
      await api.createEntry({ projectId: project.id, categoryId: category.id, duration: 30 });
      await api.call('POST', '/worklogs/timer/start', { projectId: project.id, categoryId: category.id });
    }
    const ids = {
      leaving: (await leaving.call('GET', '/users/me')).body.id,
      staying: (await staying.call('GET', '/users/me')).body.id,
    };
    const counts = async (userId: string) => {
      const rows = await queryRows<{ count: number }>(
        t.database.db,
        sql`select (select count(*) from worklogs_projects where user_id = ${userId})
                 + (select count(*) from worklogs_categories where user_id = ${userId})
                 + (select count(*) from worklogs where user_id = ${userId})
                 + (select count(*) from worklogs_timers where user_id = ${userId}) as count`,
      );
      return Number(rows[0]?.count);
    };
    expect(await counts(ids.leaving)).toBe(4);
    const deleted = await leaving.call('DELETE', '/users/me', { password: leaving.password });
    expect(deleted.status).toBe(204);
    expect(await counts(ids.leaving)).toBe(0);
    expect(await counts(ids.staying)).toBe(4);
  });
});

describe('the list', () => {
  it('filters, pages with a cursor newest day first, and totals every match', async () => {
    const api = await worklogUser(t);
    const acme = await api.createProject({ name: 'Acme site', client: 'Acme' });
    const other = await api.createProject({ name: 'Internal' });
    const category = await api.createCategory();
    for (let day = 1; day <= 9; day += 1) {
      await api.createEntry({
        projectId: day % 3 === 0 ? other.id : acme.id,
        categoryId: day % 2 === 0 ? category.id : null,
        workDate: `2026-03-0${day}`,
        startTime: '09:00',
        endTime: '10:00',
        description: day === 5 ? 'Fix 100% of the_bugs' : `Day ${day}`,
      });
    }
    await api.createEntry({ projectId: acme.id, workDate: '2026-03-09', duration: 5 });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await api.call('GET', `/worklogs?limit=4${query}`)).body;
      expect(page.totals).toEqual({ duration: 545, durationWithBreaks: '545', count: 10 });
      seen.push(
        ...page.items.map(
          (item: { workDate: string; startTime: string | null }) => `${item.workDate} ${item.startTime}`,
        ),
      );
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      '2026-03-09 09:00',
      '2026-03-09 null',
      ...[8, 7, 6, 5, 4, 3, 2, 1].map((day) => `2026-03-0${day} 09:00`),
    ]);

    const count = async (query: string) => (await api.call('GET', `/worklogs?${query}`)).body.totals.count;
    expect(await count(`projectId=${other.id}`)).toBe(3);
    expect(await count('client=Acme')).toBe(7);
    expect(await count(`categoryId=${category.id}`)).toBe(4);
    expect(await count('from=2026-03-03&to=2026-03-05')).toBe(3);
    expect(await count('q=100%25')).toBe(1);
    expect(await count('q=the_b')).toBe(1);
    expect(await count('q=the%25b')).toBe(0);
    expect(await count('q=day')).toBe(8);
    const bad = await api.call('GET', '/worklogs?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
  });

  it('copies an entry to another day and deletes several at once, all or none', async () => {
    const api = await worklogUser(t);
    const project = await api.createProject();
    const entry = await api.createEntry({
      projectId: project.id,
      startTime: '22:00',
      endTime: '02:00',
      crossesMidnight: true,
      description: 'Release',
      breaksMultiplier: '1.2',
    });
    const copy = await api.call('POST', `/worklogs/${entry.id}/copy`, { workDate: '2026-03-12' });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      workDate: '2026-03-12',
      startTime: '22:00',
      endTime: '02:00',
      crossesMidnight: true,
      duration: 240,
      durationWithBreaks: '288',
      description: 'Release',
    });
    expect(copy.body.id).not.toBe(entry.id);
    const missing = '00000000-0000-4000-8000-000000000000';
    const partly = await api.call('POST', '/worklogs/bulk-delete', { ids: [entry.id, missing] });
    expect(partly.status).toBe(404);
    expect((await api.call('GET', '/worklogs')).body.totals.count).toBe(2);
    const both = await api.call('POST', '/worklogs/bulk-delete', { ids: [entry.id, copy.body.id, entry.id] });
    expect(both.body).toEqual({ deleted: 2 });
    expect((await api.call('GET', '/worklogs')).body.totals.count).toBe(0);
  });
});
