import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { type TaskClient, taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = new Date('2026-03-10T12:00:00Z'); // a Tuesday
beforeEach(() => t.clock.set(NOW));

const newUser = async (timeZone = 'UTC') => taskClient(t, (await signUp(t)).accessToken, timeZone);

type Occurrence = { id: string; dueDate: string; recurrenceId: string } & Record<string, unknown>;

async function complete(api: TaskClient, id: string, body?: Record<string, unknown>) {
  const response = await api.call('POST', `/tasks/${id}/complete`, body ?? {});
  expect(response.status).toBe(200);
  return response.body as Occurrence & { nextOccurrence: Occurrence | null };
}

async function countSeries(recurrenceId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    t.database.db,
    sql`select count(*)::int as count from tasks where recurrence_id = ${recurrenceId}`,
  );
  return row?.count ?? 0;
}

const daily = { rule: 'daily' };

describe('a rule on POST and PATCH /tasks', () => {
  it('stores the cleaned rule, emits it as an RRULE and describes it', async () => {
    const api = await newUser();
    const task = await api.createTask({
      title: 'Swim',
      dueDate: '2026-03-11T00:00:00Z',
      dueDateHasTime: false,
      quickurrence: { rule: 'weekly', weekDays: [3, 1], interval: 1, excludeDates: [] },
    });
    expect(task).toMatchObject({
      quickurrence: {
        rule: 'weekly',
        weekDays: [1, 3],
        startDate: '2026-03-11T00:00:00.000Z',
        timezone: 'UTC',
      },
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE',
      recurrence: { text: 'Every week on Monday and Wednesday', nextDate: '2026-03-16T00:00:00.000Z' },
    });
    expect(task.quickurrence).not.toHaveProperty('interval');
    expect(task.recurrenceId).toEqual(expect.any(String));
  });

  it('gives a recurring task without a due date its first occurrence from now, in the user’s zone', async () => {
    const api = await newUser('Europe/Paris');
    const task = await api.createTask({ title: 'Bins', quickurrence: { rule: 'weekly', weekDays: [5] } });
    expect(task).toMatchObject({ dueDate: '2026-03-12T23:00:00.000Z', dueDateHasTime: false });
    expect(task.quickurrence).toMatchObject({ timezone: 'Europe/Paris' });
  });

  it.each([
    [{ count: 0 }, 'INVALID_COUNT'],
    [{ interval: 1.5 }, 'INVALID_INTERVAL'],
    [{ rule: 'weekly', weekDays: [9] }, 'INVALID_WEEKDAYS'],
    [{ rule: 'monthly', monthDay: 32 }, 'INVALID_MONTH_DAY'],
    [{ rule: 'monthly', nthWeekdayOfMonth: { weekday: 1, nth: 5 } }, 'INVALID_NTH_WEEKDAY'],
    [{ timezone: 'Mars/Olympus' }, 'INVALID_TIMEZONE'],
    [{ endDate: 'next week' }, 'INVALID_END_DATE'],
    [{ startDate: '2026-03-10T00:00:00Z', endDate: '2026-03-01T00:00:00Z' }, 'DATE_BEFORE_START'],
    [{ rule: 'daily', weekDays: [1] }, 'INCOMPATIBLE_OPTIONS'],
    [{ count: 2, endDate: '2026-04-01T00:00:00Z' }, 'CONFLICTING_OPTIONS'],
    [{ rule: 'hourly' }, 'UNSUPPORTED_RULE'],
    [{ preset: 'holidays' }, 'UNSUPPORTED_PRESET'],
  ])('answers %j with 400 and %s, on create and on change', async (quickurrence, code) => {
    const api = await newUser();
    const created = await api.call('POST', '/tasks', { title: 'Bad', quickurrence });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Invalid recurrence rule' });
    expect(created.body.issues).toContainEqual(expect.objectContaining({ code }));
    const task = await api.createTask({ title: 'Plain' });
    const changed = await api.call('PATCH', `/tasks/${task.id}`, { quickurrence });
    expect(changed.status).toBe(400);
    expect(changed.body.issues).toContainEqual(expect.objectContaining({ code }));
    expect((await api.call('GET', `/tasks/${task.id}`)).body.quickurrence).toBeNull();
  });

  it('refuses an option the engine does not have', async () => {
    const api = await newUser();
    const response = await api.call('POST', '/tasks', {
      title: 'Bad',
      quickurrence: { everyFullMoon: true },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toEqual(['body', 'quickurrence', 'everyFullMoon']);
  });

  it.each([
    'FREQ=DAILY;INTERVAL=2;COUNT=5',
    'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SA;WKST=SU',
    'FREQ=MONTHLY;BYDAY=1MO',
    'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20261231T000000Z',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=MONTHLY;BYMONTHDAY=30;RSCALE=GREGORIAN;SKIP=BACKWARD',
    'FREQ=MONTHLY;BYMONTHDAY=31',
    'FREQ=YEARLY',
  ])('takes %s as rrule and gives the same RRULE back', async (rrule) => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Ruled', rrule, dueDate: '2026-03-10T00:00:00Z' });
    expect(task.rrule).toBe(rrule);
    // The stored rule written back as quickurrence gives the same RRULE again.
    const again = await api.createTask({ title: 'Copied', quickurrence: task.quickurrence });
    expect(again.rrule).toBe(rrule);
    expect(again.quickurrence).toEqual(task.quickurrence);
  });

  it('reads an RRULE into the engine’s options', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Review', rrule: 'RRULE:FREQ=MONTHLY;BYDAY=-1FR' });
    expect(task.quickurrence).toMatchObject({
      rule: 'monthly',
      nthWeekdayOfMonth: { weekday: 5, nth: 'last' },
    });
    expect(task).toMatchObject({ dueDate: '2026-03-27T00:00:00.000Z' });
  });

  it.each([
    ['FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO', 'BYSETPOS'],
    ['FREQ=HOURLY', 'FREQ=HOURLY'],
    ['FREQ=MONTHLY;BYDAY=2MO,3MO', 'BYDAY'],
  ])('refuses %s, saying which part', async (rrule, part) => {
    const api = await newUser();
    const response = await api.call('POST', '/tasks', { title: 'Bad', rrule });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Invalid recurrence rule');
    expect(response.body.issues[0]).toMatchObject({ path: ['body', 'rrule'], code: 'UNSUPPORTED_RULE' });
    expect(response.body.issues[0].message).toContain(part);
  });

  it('refuses quickurrence and rrule together', async () => {
    const api = await newUser();
    const response = await api.call('POST', '/tasks', {
      title: 'Both',
      quickurrence: daily,
      rrule: 'FREQ=DAILY',
    });
    expect(response.status).toBe(400);
  });
});

describe('completing an occurrence', () => {
  it('creates the next one with the task’s fields, its checklist reset and its subtasks reopened', async () => {
    const api = await newUser();
    const list = (await api.call('POST', '/lists', { name: 'Home' })).body;
    const doing = (await api.call('POST', '/columns', { name: 'Doing' })).body;
    const task = await api.createTask({
      title: 'Water plants',
      note: 'Balcony too',
      listId: list.id,
      columnId: doing.id,
      urgency: 'high',
      importance: 'low',
      estimatedTime: 15,
      reward: 'Tea',
      dueDate: '2026-03-10T00:00:00Z',
      dueDateHasTime: false,
      quickurrence: daily,
    });
    for (const title of ['Fill can', 'Spray leaves']) {
      const item = (await api.call('POST', `/tasks/${task.id}/checklist-items`, { title })).body;
      await api.call('PATCH', `/tasks/${task.id}/checklist-items/${item.id}`, { isCompleted: true });
    }
    const sub = await api.createTask({
      title: 'Front room',
      parentId: task.id,
      dueDate: '2026-03-10T09:00:00Z',
    });
    await api.createTask({ title: 'Fern', parentId: sub.id });

    const done = await complete(api, task.id, { withChildren: true });
    expect(done.completedAt).not.toBeNull();
    const next = done.nextOccurrence as Occurrence;
    expect(next).toMatchObject({
      title: 'Water plants',
      note: 'Balcony too',
      listId: list.id,
      columnId: doing.id,
      urgency: 'high',
      importance: 'low',
      estimatedTime: 15,
      reward: 'Tea',
      dueDate: '2026-03-11T00:00:00.000Z',
      dueDateHasTime: false,
      completedAt: null,
      recurrenceId: task.recurrenceId,
      rrule: 'FREQ=DAILY',
      checklistProgress: { completed: 0, total: 2 },
    });
    expect(next.id).not.toBe(task.id);
    const tree = (await api.call('GET', `/tasks/${next.id}/tree`)).body;
    expect(tree.children).toMatchObject([
      {
        title: 'Front room',
        completedAt: null,
        dueDate: '2026-03-11T09:00:00.000Z',
        children: [{ title: 'Fern', completedAt: null }],
      },
    ]);
    // The completed occurrence stays as history, in the same series.
    expect((await api.call('GET', `/tasks/${task.id}`)).body).toMatchObject({
      recurrenceId: task.recurrenceId,
      children: [{ title: 'Front room' }],
    });
  });

  it('keeps the time of day of a timed due in the rule’s zone', async () => {
    const api = await newUser('Europe/Paris');
    const task = await api.createTask({
      title: 'Call',
      dueDate: '2026-03-27T17:00:00+01:00',
      quickurrence: daily,
    });
    // Summer time starts on 29 March in Paris: 17:00 local is then 15:00 UTC.
    const first = await complete(api, task.id);
    expect(first.nextOccurrence?.dueDate).toBe('2026-03-28T16:00:00.000Z');
    const second = await complete(api, (first.nextOccurrence as Occurrence).id);
    expect(second.nextOccurrence?.dueDate).toBe('2026-03-29T15:00:00.000Z');
  });

  it('creates exactly one next occurrence for two completions at once, and none on completing again', async () => {
    const api = await newUser();
    const task = await api.createTask({
      title: 'Stretch',
      dueDate: '2026-03-10T00:00:00Z',
      quickurrence: daily,
    });
    const [first, second] = await Promise.all([complete(api, task.id), complete(api, task.id)]);
    expect(first.nextOccurrence?.id).toEqual(expect.any(String));
    expect(second.nextOccurrence?.id).toBe(first.nextOccurrence?.id);
    expect(await countSeries(task.recurrenceId as string)).toBe(2);

    expect((await api.call('POST', `/tasks/${task.id}/uncomplete`)).status).toBe(200);
    const again = await complete(api, task.id);
    expect(again.nextOccurrence?.id).toBe(first.nextOccurrence?.id);
    expect(await countSeries(task.recurrenceId as string)).toBe(2);
  });

  it('creates one next occurrence per series when a batch completes it', async () => {
    const api = await newUser();
    await api.call('PATCH', '/task-manager-config', { isBatchEnabled: true });
    const task = await api.createTask({
      title: 'Batch',
      dueDate: '2026-03-10T00:00:00Z',
      quickurrence: daily,
    });
    const bulk = () => api.call('POST', '/tasks/bulk', { action: 'complete', ids: [task.id] });
    const responses = await Promise.all([bulk(), bulk()]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(await countSeries(task.recurrenceId as string)).toBe(2);
  });

  it('creates the next occurrence when a card is dropped into the completion column, alone or in a batch', async () => {
    const api = await newUser();
    await api.call('PATCH', '/task-manager-config', { isBatchEnabled: true });
    const done = (await api.columns()).find((column) => column.isCompletion);
    const dragged = await api.createTask({
      title: 'Dragged',
      dueDate: '2026-03-10T00:00:00Z',
      quickurrence: daily,
    });
    const moved = await api.call('POST', `/tasks/${dragged.id}/move`, { columnId: done?.id, position: 0 });
    expect(moved.status).toBe(200);
    expect(await countSeries(dragged.recurrenceId as string)).toBe(2);

    const batched = await api.createTask({
      title: 'Batched',
      dueDate: '2026-03-10T00:00:00Z',
      quickurrence: daily,
    });
    const bulk = await api.call('POST', '/tasks/bulk', {
      action: 'move',
      columnId: done?.id,
      ids: [batched.id],
    });
    expect(bulk.status).toBe(200);
    expect(await countSeries(batched.recurrenceId as string)).toBe(2);
    const next = await api.titles('view=recurrent&status=open');
    expect(next).toEqual(expect.arrayContaining(['Dragged', 'Batched']));
  });

  it('ends the series at its count or end date without an error', async () => {
    const api = await newUser();
    const counted = await api.createTask({
      title: 'Twice',
      dueDate: '2026-03-10T00:00:00Z',
      quickurrence: { rule: 'daily', count: 2 },
    });
    const first = await complete(api, counted.id);
    expect(first.nextOccurrence?.dueDate).toBe('2026-03-11T00:00:00.000Z');
    expect((await complete(api, (first.nextOccurrence as Occurrence).id)).nextOccurrence).toBeNull();

    const ending = await api.createTask({
      title: 'Until',
      dueDate: '2026-03-10T00:00:00Z',
      quickurrence: { rule: 'weekly', endDate: '2026-03-16T00:00:00Z' },
    });
    expect((await complete(api, ending.id)).nextOccurrence).toBeNull();
  });

  it('answers nextOccurrence null for a task that does not recur', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Once' });
    expect((await complete(api, task.id)).nextOccurrence).toBeNull();
  });

  it.each([
    [true, '2026-03-08T00:00:00.000Z'],
    [false, '2026-03-11T00:00:00.000Z'],
  ])(
    'with allowPastOccurrences %s, a task done three days late comes back on %s',
    async (allow, expected) => {
      const api = await newUser();
      await api.call('PATCH', '/task-manager-config', { allowPastOccurrences: allow });
      const task = await api.createTask({
        title: 'Late',
        dueDate: '2026-03-07T00:00:00Z',
        quickurrence: daily,
      });
      expect((await complete(api, task.id)).nextOccurrence?.dueDate).toBe(expected);
    },
  );

  it.each([
    [false, '2026-03-10T00:00:00.000Z', '2026-03-17T00:00:00.000Z'],
    [true, '2026-03-12T00:00:00.000Z', '2026-03-19T00:00:00.000Z'],
  ])(
    'with updateRecurrenceOnDueDateChange %s, moving a due keeps the start at %s (next %s)',
    async (update, start, expected) => {
      const api = await newUser();
      await api.call('PATCH', '/task-manager-config', { updateRecurrenceOnDueDateChange: update });
      const task = await api.createTask({
        title: 'Weekly',
        dueDate: '2026-03-10T00:00:00Z',
        dueDateHasTime: false,
        quickurrence: { rule: 'weekly' },
      });
      const moved = await api.call('PATCH', `/tasks/${task.id}`, {
        dueDate: '2026-03-12T00:00:00Z',
        dueDateHasTime: false,
      });
      expect(moved.body.quickurrence.startDate).toBe(start);
      expect((await complete(api, task.id)).nextOccurrence?.dueDate).toBe(expected);
    },
  );
});

describe('skipping and stopping a series', () => {
  it('archives the skipped occurrence without completing it and creates the next', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Gym', dueDate: '2026-03-10T00:00:00Z', quickurrence: daily });
    const response = await api.call('POST', `/tasks/${task.id}/skip`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ completedAt: null, archivedAt: NOW.toISOString() });
    expect(response.body.nextOccurrence).toMatchObject({
      dueDate: '2026-03-11T00:00:00.000Z',
      archivedAt: null,
      recurrenceId: task.recurrenceId,
    });
    expect((await api.call('POST', `/tasks/${task.id}/skip`)).body.nextOccurrence.id).toBe(
      response.body.nextOccurrence.id,
    );
  });

  it('refuses to skip a task that does not recur', async () => {
    const api = await newUser();
    const task = await api.createTask({ title: 'Once' });
    expect((await api.call('POST', `/tasks/${task.id}/skip`)).status).toBe(409);
  });

  it('stops the series when quickurrence is set to null', async () => {
    const api = await newUser();
    const task = await api.createTask({
      title: 'Stop me',
      dueDate: '2026-03-10T00:00:00Z',
      quickurrence: daily,
    });
    const stopped = await api.call('PATCH', `/tasks/${task.id}`, { quickurrence: null });
    expect(stopped.body).toMatchObject({ quickurrence: null, rrule: null, recurrence: null });
    expect((await complete(api, task.id)).nextOccurrence).toBeNull();
  });

  it('answers 404 for another user’s task on skip and complete', async () => {
    const api = await newUser();
    const other = await newUser();
    const theirs = await other.createTask({ title: 'Theirs', quickurrence: daily });
    expect((await api.call('POST', `/tasks/${theirs.id}/skip`)).status).toBe(404);
    expect((await api.call('POST', `/tasks/${theirs.id}/complete`, {})).status).toBe(404);
    expect(await countSeries(theirs.recurrenceId as string)).toBe(1);
  });
});

describe('the recurrent view', () => {
  it('lists one row per series, its current occurrence, with the rule in words and the next date', async () => {
    const api = await newUser();
    const task = await api.createTask({
      title: 'Read',
      dueDate: '2026-03-10T00:00:00Z',
      quickurrence: { rule: 'weekly', weekDays: [2, 4] },
    });
    await api.createTask({ title: 'Plain' });
    const done = await complete(api, task.id);
    // Reopening the completed one leaves two open occurrences; the view shows the earlier.
    await api.call('POST', `/tasks/${task.id}/uncomplete`);
    const open = (await api.call('GET', '/tasks?view=recurrent&status=open')).body.items;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      id: task.id,
      recurrence: { text: 'Every week on Tuesday and Thursday', nextDate: '2026-03-12T00:00:00.000Z' },
    });
    await complete(api, task.id);
    const current = (await api.call('GET', '/tasks?view=recurrent&status=open')).body.items;
    expect(current.map((item: { id: string }) => item.id)).toEqual([done.nextOccurrence?.id]);
    const history = (await api.call('GET', '/tasks?view=recurrent&status=completed')).body.items;
    expect(history.map((item: { id: string }) => item.id)).toEqual([task.id]);
  });
});
