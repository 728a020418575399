import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

// Inputs that used to reach the database and come back as a 500: NUL bytes, empty PATCH bodies,
// dates outside the years 1 to 9999, forged cursors and ids written in capitals.

let t: TestApp;
let token: string;
let api: ReturnType<typeof taskClient>;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signUp(t)).accessToken;
  api = taskClient(t, token);
});
afterAll(() => t.close());

const expectClientError = (response: { status: number; body: unknown }) => {
  expect(response.status).toBe(400);
  expect(response.body).toEqual(
    expect.objectContaining({ error: expect.any(String), code: 'VALIDATION_FAILED' }),
  );
};

describe('a NUL byte or a broken character in text is a 400 that changes nothing', () => {
  it.each([
    ['a NUL byte', 'before\u0000after'],
    ['an unpaired surrogate', 'before\ud800after'],
  ])('%s in a column name, a list name, a task title and a note', async (_name, text) => {
    const columnsBefore = await api.columns();
    expectClientError(await api.call('POST', '/columns', { name: text }));
    expect(await api.columns()).toEqual(columnsBefore);

    expectClientError(await api.call('POST', '/lists', { name: text }));
    expect((await api.call('GET', '/lists')).body.items).toEqual([]);

    expectClientError(await api.call('POST', '/tasks', { title: text }));
    const task = await api.createTask({ title: 'Kept as it was' });
    expectClientError(await api.call('PATCH', `/tasks/${task.id}`, { note: text }));
    expect((await api.call('GET', `/tasks/${task.id}`)).body.note).toBeNull();
  });

  it('in the task search and in the sign-in name, without signing in', async () => {
    expectClientError(await api.call('GET', `/tasks?q=${encodeURIComponent('a\u0000b')}`));
    const response = await t.request({
      method: 'POST',
      url: '/auth/token',
      payload: { username: 'someone\u0000', password: 'Correct-Horse1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('an empty PATCH changes nothing and answers 200 with the resource', () => {
  it('on a list, a column, the task manager config, the profile and a checklist item', async () => {
    const list = (await api.call('POST', '/lists', { name: 'Errands' })).body;
    const listAfter = await api.call('PATCH', `/lists/${list.id}`, {});
    expect(listAfter.status).toBe(200);
    expect(listAfter.body).toEqual(expect.objectContaining({ id: list.id, name: 'Errands' }));

    const [column] = await api.columns();
    const columnAfter = await api.call('PATCH', `/columns/${column?.id}`, {});
    expect(columnAfter.status).toBe(200);
    expect(columnAfter.body).toEqual(expect.objectContaining({ id: column?.id, name: column?.name }));

    const config = await api.call('PATCH', '/task-manager-config', {});
    expect(config.status).toBe(200);
    expect(config.body).toEqual((await api.call('GET', '/task-manager-config')).body);

    const me = (await api.call('GET', '/users/me')).body;
    const meAfter = await api.call('PATCH', '/users/me', {});
    expect(meAfter.status).toBe(200);
    expect(meAfter.body).toEqual(expect.objectContaining({ id: me.id, username: me.username }));

    const task = await api.createTask({ title: 'With a checklist' });
    const item = (await api.call('POST', `/tasks/${task.id}/checklist-items`, { title: 'Step one' })).body;
    const itemAfter = await api.call('PATCH', `/tasks/${task.id}/checklist-items/${item.id}`, {});
    expect(itemAfter.status).toBe(200);
    expect(itemAfter.body).toEqual(expect.objectContaining({ id: item.id, title: 'Step one' }));
  });
});

describe('dates are limited to the years 1 to 9999', () => {
  it.each([
    ['year 0', '0000-01-01T00:00:00Z'],
    ['past 9999 once in UTC', '9999-12-31T23:59:59-23:59'],
  ])('%s is refused as a due date and as a filter', async (_name, date) => {
    expectClientError(await api.call('POST', '/tasks', { title: 'Out of range', dueDate: date }));
    expectClientError(await api.call('GET', `/tasks?dueFrom=${encodeURIComponent(date)}`));
    expectClientError(await api.call('GET', `/tasks?dueTo=${encodeURIComponent(date)}`));
    expect(await api.titles('q=Out%20of%20range')).toEqual([]);
  });

  it('the first and last days of the range are accepted', async () => {
    const early = await api.createTask({ title: 'Early', dueDate: '0001-01-01T00:00:00Z' });
    const late = await api.createTask({ title: 'Late', dueDate: '9999-12-31T23:59:59Z' });
    expect(new Date(early.dueDate as string).getUTCFullYear()).toBe(1);
    expect(new Date(late.dueDate as string).getUTCFullYear()).toBe(9999);
  });
});

describe('a forged cursor is a 400', () => {
  const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const id = '0190f3b2-1c2d-7a3b-8c4d-1234567890ab';
  it.each([
    ['a text for the position order', 'position', ['first', id]],
    ['a number too large for the position order', 'position', [2 ** 40, id]],
    ['a word for the due-date order', 'dueDate', ['soon', id]],
    ['a year-0 date for the due-date order', 'dueDate', ['0000-01-01T00:00:00Z', id]],
    ['an unknown level for the urgency order', 'urgency', ['extreme', id]],
    ['a NUL byte for the title order', 'title', ['a\u0000', id]],
    ['a number for the title order', 'title', [[1, 2], id]],
    ['a bad id', 'createdAt', ['2026-01-01T00:00:00Z', 'not-an-id']],
  ])('%s', async (_name, sort, value) => {
    expectClientError(await api.call('GET', `/tasks?sort=${sort}&cursor=${forge(value)}`));
  });
});

describe('ids are read whatever their case', () => {
  it('a task, its tree and a list answer to an id in capitals', async () => {
    const list = (await api.call('POST', '/lists', { name: 'Upper' })).body;
    const parent = await api.createTask({ title: 'Parent', listId: list.id });
    await api.createTask({ title: 'Child', parentId: parent.id.toUpperCase() });

    const detail = await api.call('GET', `/tasks/${parent.id.toUpperCase()}`);
    expect(detail.status).toBe(200);
    expect(detail.body.id).toBe(parent.id);

    const tree = await api.call('GET', `/tasks/${parent.id.toUpperCase()}/tree`);
    expect(tree.status).toBe(200);
    expect(JSON.stringify(tree.body)).toContain('Child');

    const listTree = await api.call('GET', `/lists/${list.id.toUpperCase()}/tree`);
    expect(listTree.status).toBe(200);
    expect(JSON.stringify(listTree.body)).toContain('Parent');

    expect((await api.call('PATCH', `/lists/${list.id.toUpperCase()}`, { name: 'Renamed' })).status).toBe(
      200,
    );
  });
});
