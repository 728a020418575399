import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PlanUsage } from '@cairn/contracts/plans';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { newId } from '../src/db/ids';
import { multipartBody } from './support/multipart';
import { makeFree, makePremium } from './support/plan-helpers';
import { type PushReceiver, startPushReceiver, type TestDevice } from './support/push-receiver';
import { createTestApp, type TestApp } from './support/test-app';
import { createTrackerUser, type TrackerUser } from './support/tracker-api';

/**
 * Plan limits at their boundaries: the last slot is granted, the next create answers 402 and adds
 * nothing, while reading, editing and deleting stay open, also to an account over its limit.
 */

const MEGABYTE = 1024 * 1024;
const vapid = webPush.generateVAPIDKeys();

/** The smallest valid PNG: a 1×1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let t: TestApp;
let receiver: PushReceiver;
beforeAll(async () => {
  receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey });
  t = await createTestApp({
    env: {
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const newUser = () => createTrackerUser(t, { timeZone: 'UTC' });

/** Creates `count` items through the API, one after the other, each expected to succeed. */
async function createMany(user: TrackerUser, url: string, count: number, payload: (index: number) => object) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await user.call('POST', url, payload(index));
    expect(response.status, response.text).toBe(201);
    ids.push(response.body.id);
  }
  return ids;
}

const createLists = (user: TrackerUser, count: number, prefix = 'List') =>
  createMany(user, '/lists', count, (index) => ({ name: `${prefix} ${index + 1}` }));

function expectLimitReached(response: { status: number; body: unknown }, message: string) {
  expect(response.status).toBe(402);
  expect(response.body).toEqual({ code: 'PLAN_LIMIT_REACHED', error: message });
}

async function listCount(user: TrackerUser): Promise<number> {
  return (await user.call('GET', '/lists')).body.items.length;
}

async function usage(user: TrackerUser): Promise<PlanUsage> {
  const response = await user.call('GET', '/users/me/usage');
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const chartConfig = (trackerId: string) => ({
  trackerIds: [trackerId],
  timeRange: '30d',
  aggregation: 'sum',
  colorScheme: 'default',
});

const subscribe = (user: TrackerUser, device: TestDevice) =>
  user.call('POST', '/push/subscriptions', { endpoint: device.endpoint, keys: device.keys });

function upload(user: TrackerUser, noteId: string) {
  return t.request({
    method: 'POST',
    url: '/api/v1/attachments',
    token: user.accessToken,
    ...multipartBody({ fields: { noteId }, file: { name: 'pixel.png', content: PNG, type: 'image/png' } }),
  });
}

/** Records an attachment of `size` bytes straight in the database: the limit counts rows, not files. */
async function insertAttachmentRow(options: { userId: string; noteId: string; size: number }) {
  const id = newId();
  await t.database.db.execute(sql`
    insert into attachments (user_id, id, note_id, file_name, original_file_name, mime_type, file_size, storage_path)
    values (${options.userId}, ${id}, ${options.noteId}, ${`${id}.bin`}, 'big.bin',
      'application/octet-stream', ${options.size}, ${`${options.userId}/${id}.bin`})`);
}

async function storedFiles(userId: string): Promise<string[]> {
  if (!t.attachmentsRoot) return [];
  return readdir(path.join(t.attachmentsRoot, userId)).catch(() => []);
}

describe('the free plan', () => {
  it('grants the 20th list and refuses the 21st with 402, creating nothing', async () => {
    const user = await newUser();
    await createLists(user, 20);
    const refused = await user.call('POST', '/lists', { name: 'One too many' });
    expectLimitReached(refused, 'The Free plan allows 20 lists');
    expect(await listCount(user)).toBe(20);
  });

  it('counts system trackers among the 20 trackers, whichever way a tracker is made', async () => {
    const user = await newUser();
    await createMany(user, '/trackers', 19, (index) => ({ name: `Tracker ${index + 1}` }));
    const system = await user.call('PUT', '/trackers/system-sources', {
      source: 'tasks.completed',
      sourceKey: null,
      isEnabled: true,
    });
    expect(system.status, system.text).toBe(200);
    expectLimitReached(
      await user.call('POST', '/trackers', { name: 'Tracker 21' }),
      'The Free plan allows 20 trackers',
    );
    expectLimitReached(
      await user.call('PUT', '/trackers/system-sources', {
        source: 'tasks.overdue',
        sourceKey: null,
        isEnabled: true,
      }),
      'The Free plan allows 20 trackers',
    );
    // Switching on a source that is already on creates nothing, so it is no new tracker.
    const again = await user.call('PUT', '/trackers/system-sources', {
      source: 'tasks.completed',
      sourceKey: null,
      isEnabled: true,
    });
    expect(again.status).toBe(200);
    expect(await user.trackers()).toHaveLength(20);
  });

  it('grants the 6th dashboard chart and refuses the 7th', async () => {
    const user = await newUser();
    const tracker = await user.tracker('Weight');
    await createMany(user, '/tracker-dashboard', 6, (index) => ({
      name: `Chart ${index + 1}`,
      chartType: 'bar',
      config: chartConfig(tracker.id),
    }));
    const refused = await user.call('POST', '/tracker-dashboard', {
      name: 'Chart 7',
      chartType: 'bar',
      config: chartConfig(tracker.id),
    });
    expectLimitReached(refused, 'The Free plan allows 6 dashboard charts');
    expect((await user.call('GET', '/tracker-dashboard')).body.items).toHaveLength(6);
  });

  it('counts ended work-log projects among the 5 and refuses the 6th', async () => {
    const user = await newUser();
    const [first] = await createMany(user, '/worklogs/projects', 5, (index) => ({
      name: `Project ${index + 1}`,
    }));
    const ended = await user.call('PATCH', `/worklogs/projects/${first}`, {
      endedAt: '2026-01-31T00:00:00.000Z',
    });
    expect(ended.status, ended.text).toBe(200);
    expectLimitReached(
      await user.call('POST', '/worklogs/projects', { name: 'Project 6' }),
      'The Free plan allows 5 work-log projects',
    );
    expect((await user.call('GET', '/worklogs/projects?includeEnded=true')).body.items).toHaveLength(5);
  });

  it('grants a 2nd push device, refuses a 3rd, and lets a known device subscribe again', async () => {
    const user = await newUser();
    const [first, second, third] = [
      receiver.createDevice(),
      receiver.createDevice(),
      receiver.createDevice(),
    ];
    expect((await subscribe(user, first)).status).toBe(201);
    const secondSubscription = await subscribe(user, second);
    expect(secondSubscription.status).toBe(201);
    expectLimitReached(await subscribe(user, third), 'The Free plan allows 2 push devices');
    expect((await subscribe(user, first)).status).toBe(200);
    expect((await user.call('GET', '/push/subscriptions')).body.items).toHaveLength(2);
    // A removed device frees its slot.
    const removed = await user.call('DELETE', `/push/subscriptions/${secondSubscription.body.id}`);
    expect(removed.status).toBe(204);
    expect((await subscribe(user, third)).status).toBe(201);
  });

  it('grants a file that fills the 100 MB exactly and refuses the next, keeping no file of it', async () => {
    const user = await newUser();
    const note = await user.call('POST', '/notes', { title: 'Scans' });
    expect(note.status, note.text).toBe(201);
    await insertAttachmentRow({
      userId: user.userId,
      noteId: note.body.id,
      size: 100 * MEGABYTE - PNG.length,
    });
    const last = await upload(user, note.body.id);
    expect(last.statusCode, last.body).toBe(201);
    const filesBefore = await storedFiles(user.userId);
    const refused = await upload(user, note.body.id);
    expectLimitReached(
      { status: refused.statusCode, body: refused.json() },
      'The Free plan allows 100 MB of attachment storage',
    );
    expect(await storedFiles(user.userId)).toEqual(filesBefore);
    const listed = await user.call('GET', `/attachments?noteId=${note.body.id}`);
    expect(listed.body.items).toHaveLength(2);
  });

  it('lets exactly one of several concurrent creates take the last slot', async () => {
    const user = await newUser();
    await createLists(user, 19);
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => user.call('POST', '/lists', { name })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 402, 402, 402]);
    expect(await listCount(user)).toBe(20);
  });
});

describe('the premium plan', () => {
  it('has no limit on lists', async () => {
    const user = await newUser();
    await makePremium(t, user.userId);
    await createLists(user, 21);
    expect(await listCount(user)).toBe(21);
  });

  it('after a downgrade keeps everything readable and editable, and refuses only new items', async () => {
    const user = await newUser();
    await makePremium(t, user.userId);
    const ids = await createLists(user, 25);
    await makeFree(t, user.userId);
    expect(await listCount(user)).toBe(25);
    const renamed = await user.call('PATCH', `/lists/${ids[24]}`, { name: 'Still mine' });
    expect(renamed.status).toBe(200);
    expect((await user.call('GET', `/lists/${ids[24]}`)).body.name).toBe('Still mine');
    expectLimitReached(await user.call('POST', '/lists', { name: 'New' }), 'The Free plan allows 20 lists');
    expect((await user.call('DELETE', `/lists/${ids[0]}`)).status).toBe(204);
    // 24 is still over 20: deleting one does not make room yet.
    expectLimitReached(await user.call('POST', '/lists', { name: 'New' }), 'The Free plan allows 20 lists');
    expect(await listCount(user)).toBe(24);
  });
});

describe('GET /users/me/usage', () => {
  it('answers every limit in order with what the user has now', async () => {
    const user = await newUser();
    const other = await newUser();
    await createLists(other, 3);
    await createLists(user, 2);
    const tracker = await user.tracker('Weight');
    await user.tracker('Steps');
    await user.chart({ name: 'Weight', chartType: 'bar', config: chartConfig(tracker.id) });
    await createMany(user, '/worklogs/projects', 1, () => ({ name: 'Website' }));
    expect((await subscribe(user, receiver.createDevice())).status).toBe(201);
    const note = await user.call('POST', '/notes', { title: 'Scans' });
    expect((await upload(user, note.body.id)).statusCode).toBe(201);

    expect(await usage(user)).toEqual({
      plan: 'free',
      items: [
        { key: 'lists', label: 'Lists', used: 2, limit: 20 },
        { key: 'trackers', label: 'Trackers', used: 2, limit: 20 },
        { key: 'dashboardCharts', label: 'Dashboard charts', used: 1, limit: 6 },
        { key: 'worklogProjects', label: 'Work-log projects', used: 1, limit: 5 },
        {
          key: 'attachmentStorageBytes',
          label: 'Attachment storage',
          used: PNG.length,
          limit: 100 * MEGABYTE,
        },
        { key: 'pushDevices', label: 'Push devices', used: 1, limit: 2 },
      ],
    });

    await makePremium(t, user.userId);
    const premium = await usage(user);
    expect(premium.plan).toBe('premium');
    expect(premium.items.map((item) => [item.key, item.used, item.limit])).toEqual([
      ['lists', 2, null],
      ['trackers', 2, null],
      ['dashboardCharts', 1, null],
      ['worklogProjects', 1, null],
      ['attachmentStorageBytes', PNG.length, 10 * 1024 * MEGABYTE],
      ['pushDevices', 1, null],
    ]);
  });

  it('counts storage past 2 GB exactly', async () => {
    const user = await newUser();
    const note = await user.call('POST', '/notes', { title: 'Archive' });
    await insertAttachmentRow({ userId: user.userId, noteId: note.body.id, size: 3 * 1024 * MEGABYTE + 1 });
    const item = (await usage(user)).items.find((entry) => entry.key === 'attachmentStorageBytes');
    expect(item?.used).toBe(3 * 1024 * MEGABYTE + 1);
  });

  it('answers 401 without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/users/me/usage' });
    expect(response.statusCode).toBe(401);
  });
});
