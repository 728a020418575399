import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser, type TrackerUser } from './support/tracker-api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const issueMessages = (body: { issues?: { message: string }[] }) =>
  (body.issues ?? []).map((issue) => issue.message);

const groupNames = async (api: TrackerUser) =>
  (await api.call('GET', '/tracker-groups')).body.items.map((group: { name: string }) => group.name);

describe('tracker groups', () => {
  it('creates, reads, changes and lists groups by priority then name, with their tracker counts', async () => {
    const api = await createTrackerUser(t);
    const health = await api.group('Health', { description: 'Body and sleep', color: '#0a0' });
    const money = await api.group('Money', { color: '#123456' });
    const first = await api.group('Zeta', { priority: 0 });
    expect(health).toMatchObject({
      name: 'Health',
      description: 'Body and sleep',
      color: '#0a0',
      priority: 0,
      trackerCount: 0,
    });
    expect(money.priority).toBe(1);
    await api.tracker('Weight', { groupId: health.id });
    await api.tracker('Sleep', { groupId: health.id });
    await api.tracker('Loose');
    const list = (await api.call('GET', '/tracker-groups')).body.items;
    expect(
      list.map((group: { name: string; trackerCount: number }) => [group.name, group.trackerCount]),
    ).toEqual([
      ['Health', 2],
      ['Zeta', 0],
      ['Money', 0],
    ]);
    const changed = await api.call('PATCH', `/tracker-groups/${first.id}`, {
      name: '  Alpha ',
      color: null,
      priority: 5,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Alpha', color: null, priority: 5 });
    const read = await api.call('GET', `/tracker-groups/${health.id}`);
    expect(read.body).toMatchObject({ id: health.id, trackerCount: 2 });
    expect(await groupNames(api)).toEqual(['Health', 'Money', 'Alpha']);
  });

  it('answers an empty change with the group unchanged', async () => {
    const api = await createTrackerUser(t);
    const group = await api.group('Same');
    t.clock.advance(60_000);
    const response = await api.call('PATCH', `/tracker-groups/${group.id}`, {});
    expect(response.status).toBe(200);
    expect(response.body.updatedAt).toBe(group.updatedAt);
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{}, 'Name is required'],
    [{ name: 'x'.repeat(256) }, 'Name must be 255 characters or less'],
    [{ name: 'A', description: 'd'.repeat(1001) }, 'Description must be 1000 characters or less'],
    [{ name: 'A', color: 'red' }, 'Color must be a valid hex color'],
    [{ name: 'A', color: '#12345' }, 'Color must be a valid hex color'],
    [{ name: 'A', color: '#ggg' }, 'Color must be a valid hex color'],
    [{ name: 'A', priority: -1 }, 'Priority must be 0 or more'],
  ])('refuses %j with "%s"', async (payload, message) => {
    const api = await createTrackerUser(t);
    const response = await api.call('POST', '/tracker-groups', payload);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(issueMessages(response.body)).toContain(message);
  });

  it('refuses a fractional priority and unknown fields', async () => {
    const api = await createTrackerUser(t);
    expect((await api.call('POST', '/tracker-groups', { name: 'A', priority: 1.5 })).status).toBe(400);
    expect((await api.call('POST', '/tracker-groups', { name: 'A', userId: api.userId })).status).toBe(400);
  });

  it('accepts the longest name and description', async () => {
    const api = await createTrackerUser(t);
    const group = await api.group('n'.repeat(255), { description: 'd'.repeat(1000), color: '#ABCDEF' });
    expect(group.name).toHaveLength(255);
    expect(group.description).toHaveLength(1000);
  });

  it('deletes a group and keeps its trackers, in no group', async () => {
    const api = await createTrackerUser(t);
    const group = await api.group('Health');
    const weight = await api.tracker('Weight', { groupId: group.id });
    await api.log(weight.id, '80.5');
    expect((await api.call('DELETE', `/tracker-groups/${group.id}`)).status).toBe(204);
    expect((await api.call('GET', `/tracker-groups/${group.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/tracker-groups/${group.id}`)).status).toBe(404);
    const kept = await api.call('GET', `/trackers/${weight.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ groupId: null, logCount: 1 });
  });

  it('reorders with every id once, giving priorities 0 to n-1', async () => {
    const api = await createTrackerUser(t);
    const a = await api.group('A');
    const b = await api.group('B');
    const c = await api.group('C');
    const response = await api.call('PUT', '/tracker-groups/order', { ids: [c.id, a.id, b.id] });
    expect(response.status).toBe(200);
    expect(
      response.body.items.map((group: { name: string; priority: number }) => [group.name, group.priority]),
    ).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    const missing = await api.call('PUT', '/tracker-groups/order', { ids: [c.id, a.id] });
    expect(missing.status).toBe(400);
    const repeated = await api.call('PUT', '/tracker-groups/order', { ids: [c.id, a.id, a.id] });
    expect(repeated.status).toBe(400);
    expect(await groupNames(api)).toEqual(['C', 'A', 'B']);
  });

  it("treats another user's group as missing on every route and as a tracker's group", async () => {
    const owner = await createTrackerUser(t);
    const stranger = await createTrackerUser(t);
    const group = await owner.group('Private');
    const own = await stranger.group('Mine');
    const url = `/tracker-groups/${group.id}`;
    expect((await stranger.call('GET', url)).status).toBe(404);
    expect((await stranger.call('PATCH', url, { name: 'Taken' })).status).toBe(404);
    expect((await stranger.call('DELETE', url)).status).toBe(404);
    expect((await stranger.call('PUT', '/tracker-groups/order', { ids: [own.id, group.id] })).status).toBe(
      404,
    );
    expect((await stranger.call('POST', '/trackers', { name: 'X', groupId: group.id })).status).toBe(404);
    expect((await stranger.call('GET', `/trackers?groupId=${group.id}`)).status).toBe(404);
    const mine = await stranger.tracker('Y');
    expect((await stranger.call('PATCH', `/trackers/${mine.id}`, { groupId: group.id })).status).toBe(404);
    expect(await groupNames(stranger)).toEqual(['Mine']);
    const intact = await owner.call('GET', url);
    expect(intact.body).toMatchObject({ name: 'Private' });
  });
});
