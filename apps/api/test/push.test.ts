import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { createJobRunner, type JobRunner } from '../src/modules/jobs/job-runner';
import { pushJobDefinitions } from '../src/modules/push/push.jobs';
import { type PushReceiver, startPushReceiver, type TestDevice } from './support/push-receiver';
import { taskClient } from './support/task-helpers';
import { createTestApp, signUp, type TestApp } from './support/test-app';

/**
 * Push end to end: the real app sends through web-push to a real push service on loopback, which checks
 * the VAPID signature and decrypts each message with the device's key. Reminders run through the real
 * job runner, driven by the injected clock (runOnce), so time is jumped, never waited for.
 */

const vapid = webPush.generateVAPIDKeys();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let receiver: PushReceiver;
const runnerErrors: string[] = [];

const log = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: object, message: string) =>
    void runnerErrors.push(`${message} ${JSON.stringify(details)}`),
};

function createRunner(options: { runnerId?: string; batchSize?: number } = {}): JobRunner {
  return createJobRunner({ ctx: t.app.ctx, definitions: pushJobDefinitions, log, batchSize: 50, ...options });
}

/** Runs rounds until nothing is left that is due now. */
async function drain(runner = createRunner()): Promise<void> {
  for (let round = 0; round < 100; round += 1) if ((await runner.runOnce()) === 0) return;
  throw new Error('the queue did not drain');
}

/** Moves the clock (only ever forward: the sweep's schedule lives in the database) and runs what is due. */
async function runAt(instant: Date | string): Promise<void> {
  const next = new Date(instant);
  if (next < t.clock.now()) throw new Error(`the clock may not go back to ${next.toISOString()}`);
  t.clock.set(next);
  await drain();
}

let day = 0;
/** A fresh calendar day (UTC) for each test, so tests do not see each other's reminders. */
function nextDay(): (time: string) => Date {
  day += 2;
  const date = new Date(Date.UTC(2026, 3, 1 + day)).toISOString().slice(0, 10);
  return (time) => new Date(`${date}T${time}Z`);
}

async function newUser(settings: { timezone?: string; workDayStart?: string; workDayEnd?: string } = {}) {
  const user = await signUp(t);
  const api = taskClient(t, user.accessToken);
  if (settings.timezone)
    expect((await api.call('PATCH', '/users/me', { timezone: settings.timezone })).status).toBe(200);
  if (settings.workDayStart || settings.workDayEnd) {
    const changed = await api.call('PATCH', '/task-manager-config', {
      workDayStart: settings.workDayStart ?? null,
      workDayEnd: settings.workDayEnd ?? null,
    });
    expect(changed.status).toBe(200);
  }
  return { token: user.accessToken, api };
}

type User = Awaited<ReturnType<typeof newUser>>;

async function subscribe(user: User, device: { endpoint: string; keys: TestDevice['keys'] }) {
  return user.api.call('POST', '/push/subscriptions', { endpoint: device.endpoint, keys: device.keys });
}

async function newDevice(user: User): Promise<TestDevice & { subscriptionId: string }> {
  const device = receiver.createDevice();
  const response = await subscribe(user, device);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...device, subscriptionId: response.body.id };
}

const kindsOf = (device: TestDevice) => receiver.receivedBy(device).map((entry) => entry.payload.kind);
const taskSends = (device: TestDevice, kind = 'due') =>
  receiver.receivedBy(device).filter((entry) => entry.payload.kind === kind);

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

beforeAll(async () => {
  receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey });
  t = await createTestApp({
    env: {
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:admin@example.com',
      // The clock jumps hours within a test; a day-long token keeps the user signed in meanwhile.
      ACCESS_TOKEN_TTL_SECONDS: '86400',
    },
  });
  t.clock.set(new Date('2026-04-01T00:00:00Z'));
  // The first round writes the sweep's schedule; its first tick falls a minute later.
  await drain();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('push subscriptions', () => {
  it('publishes the configured VAPID public key', async () => {
    const user = await newUser();
    const response = await user.api.call('GET', '/push/public-key');
    expect(response).toEqual({ status: 200, body: { publicKey: vapid.publicKey } });
  });

  it('adds a device once, updates it when its endpoint comes again, lists and removes it', async () => {
    const user = await newUser();
    const device = receiver.createDevice();
    const created = await subscribe(user, device);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ endpoint: device.endpoint, isActive: true, lastSuccessAt: null });
    expect(created.body).not.toHaveProperty('keys');

    const again = await user.api.call('POST', '/push/subscriptions', {
      endpoint: device.endpoint,
      keys: device.keys,
      userAgent: 'Firefox on the laptop',
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: created.body.id, userAgent: 'Firefox on the laptop' });

    const listed = await user.api.call('GET', '/push/subscriptions');
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id]);

    expect((await user.api.call('DELETE', `/push/subscriptions/${created.body.id}`)).status).toBe(204);
    expect((await user.api.call('GET', '/push/subscriptions')).body.items).toEqual([]);
    expect((await user.api.call('DELETE', `/push/subscriptions/${created.body.id}`)).status).toBe(404);
  });

  it('sends a test notification the push service can verify and decrypt', async () => {
    const user = await newUser();
    const device = await newDevice(user);
    const response = await user.api.call('POST', `/push/subscriptions/${device.subscriptionId}/test`);
    expect(response).toEqual({ status: 200, body: { delivered: true } });
    expect(receiver.refused).toEqual([]);
    const [sent, ...rest] = receiver.receivedBy(device);
    expect(rest).toEqual([]);
    expect(sent?.payload).toMatchObject({ kind: 'test', title: 'Cairn', url: '/' });
    expect(sent?.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const [listed] = (await user.api.call('GET', '/push/subscriptions')).body.items;
    expect(listed.lastSuccessAt).not.toBeNull();
  });

  it("answers 404 for another user's device, and changes nothing of it", async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const device = await newDevice(owner);
    for (const [method, url] of [
      ['POST', `/push/subscriptions/${device.subscriptionId}/test`],
      ['DELETE', `/push/subscriptions/${device.subscriptionId}`],
    ] as const) {
      const response = await intruder.api.call(method, url);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect(receiver.receivedBy(device)).toEqual([]);
    expect((await owner.api.call('GET', '/push/subscriptions')).body.items).toHaveLength(1);
    expect((await intruder.api.call('GET', '/push/subscriptions')).body.items).toEqual([]);
  });

  it.each([
    ['a p256dh key that is not a P-256 point', { p256dh: randomBytes(65).toString('base64url') }],
    ['a short p256dh key', { p256dh: randomBytes(33).toString('base64url') }],
    ['an auth secret that is not 16 bytes', { auth: randomBytes(12).toString('base64url') }],
    ['keys that are not base64url', { auth: 'not base64!' }],
  ])('refuses %s with 400', async (_name, keys) => {
    const user = await newUser();
    const device = receiver.createDevice();
    const response = await subscribe(user, { endpoint: device.endpoint, keys: { ...device.keys, ...keys } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a body without keys', async () => {
    const user = await newUser();
    const response = await user.api.call('POST', '/push/subscriptions', {
      endpoint: 'https://push.example.com/x',
    });
    expect(response.status).toBe(400);
  });

  it('retires a device the push service says is gone (410)', async () => {
    const user = await newUser();
    const device = await newDevice(user);
    receiver.answerNext(410);
    const response = await user.api.call('POST', `/push/subscriptions/${device.subscriptionId}/test`);
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('PUSH_DELIVERY_FAILED');
    const [listed] = (await user.api.call('GET', '/push/subscriptions')).body.items;
    expect(listed.isActive).toBe(false);

    // Subscribing again from the device brings it back.
    expect((await subscribe(user, device)).status).toBe(200);
    expect((await user.api.call('POST', `/push/subscriptions/${device.subscriptionId}/test`)).status).toBe(
      200,
    );
    expect(kindsOf(device)).toEqual(['test']);
  });

  it('answers 502 when the push service fails, and delivers on the next try', async () => {
    const user = await newUser();
    const device = await newDevice(user);
    receiver.answerNext(503);
    const failed = await user.api.call('POST', `/push/subscriptions/${device.subscriptionId}/test`);
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('PUSH_DELIVERY_FAILED');
    const [listed] = (await user.api.call('GET', '/push/subscriptions')).body.items;
    expect(listed.isActive).toBe(true);
    expect((await user.api.call('POST', `/push/subscriptions/${device.subscriptionId}/test`)).status).toBe(
      200,
    );
  });
});

describe('push endpoints', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({
      env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
    });
  });
  afterAll(() => strict.close());

  const refusedEverywhere = [
    'https://10.0.0.1/push/a',
    'https://172.16.5.4/push/a',
    'https://192.168.1.10/push/a',
    'https://100.64.0.1/push/a',
    'https://169.254.169.254/latest/meta-data',
    'https://[fd00:ec2::254]/push/a',
    'https://[fe80::1]/push/a',
    'https://[fc00::1]/push/a',
    'https://0.0.0.0/push/a',
    'https://224.0.0.1/push/a',
    'https://[::ffff:10.0.0.1]/push/a',
    'https://[::ffff:169.254.169.254]/push/a',
    'http://10.0.0.1/push/a',
    'https://user:secret@push.example.com/push/a',
    'ftp://push.example.com/push/a',
  ];

  it.each([
    ...refusedEverywhere,
    'http://push.example.com/push/a',
    'https://127.0.0.1/push/a',
    'https://[::1]/push/a',
    'https://[::ffff:127.0.0.1]/push/a',
    'https://2130706433/push/a',
    'https://localhost/push/a',
    'http://127.0.0.1:9/push/a',
  ])('refuses %s by default', async (endpoint) => {
    const user = await signUp(strict);
    const response = await strict.request({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      token: user.accessToken,
      payload: { endpoint, keys: browserKeys() },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_PUSH_ENDPOINT',
      error: expect.stringMatching(/refused/),
    });
  });

  it.each(refusedEverywhere)('refuses %s even with PUSH_ALLOW_INSECURE_ENDPOINTS', async (endpoint) => {
    const user = await newUser();
    const response = await subscribe(user, { endpoint, keys: browserKeys() });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_PUSH_ENDPOINT');
  });

  it('admits http on loopback only with PUSH_ALLOW_INSECURE_ENDPOINTS', async () => {
    const device = receiver.createDevice();
    const user = await newUser();
    expect((await subscribe(user, device)).status).toBe(201);
    const named = receiver.createDevice();
    const viaLocalhost = { ...named, endpoint: named.endpoint.replace('127.0.0.1', 'localhost') };
    expect((await subscribe(user, viaLocalhost)).status).toBe(201);

    const strictUser = await signUp(strict);
    const response = await strict.request({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      token: strictUser.accessToken,
      payload: { endpoint: receiver.createDevice().endpoint, keys: browserKeys() },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('reminders', () => {
  it('sends a due reminder at the due time, once to each device', async () => {
    const at = nextDay();
    t.clock.set(at('09:00:00'));
    const user = await newUser();
    const [phone, laptop] = [await newDevice(user), await newDevice(user)];
    const task = await user.api.createTask({
      title: 'Call the plumber',
      dueDate: at('10:00:00').toISOString(),
    });

    await runAt(at('09:59:00'));
    expect(taskSends(phone)).toEqual([]);
    await runAt(at('10:00:20'));
    await runAt(at('10:01:10'));
    await runAt(at('10:05:00'));
    await runAt(at('11:00:00'));
    for (const device of [phone, laptop]) {
      const sends = taskSends(device);
      expect(sends).toHaveLength(1);
      expect(sends[0]?.payload).toMatchObject({
        kind: 'due',
        title: 'Call the plumber',
        taskId: task.id,
        url: `/tasks/${task.id}`,
        body: 'Due 10:00',
      });
      expect(sends[0]?.urgency).toBe('high');
    }
    expect(receiver.refused).toEqual([]);
    expect(runnerErrors).toEqual([]);
  });

  it('sends nothing for a task completed, trashed or without a time before its due time', async () => {
    const at = nextDay();
    t.clock.set(at('08:00:00'));
    const user = await newUser();
    const device = await newDevice(user);
    const done = await user.api.createTask({ title: 'Done early', dueDate: at('09:00:00').toISOString() });
    const trashed = await user.api.createTask({ title: 'Trashed', dueDate: at('09:00:00').toISOString() });
    await user.api.createTask({
      title: 'Whole day',
      dueDate: at('00:00:00').toISOString(),
      dueDateHasTime: false,
    });
    expect((await user.api.call('POST', `/tasks/${done.id}/complete`, {})).status).toBe(200);
    expect((await user.api.call('DELETE', `/tasks/${trashed.id}`)).status).toBeLessThan(300);
    await runAt(at('09:00:30'));
    await runAt(at('09:05:00'));
    expect(taskSends(device)).toEqual([]);
  });

  it('sends a moved reminder at the new time only', async () => {
    const at = nextDay();
    t.clock.set(at('08:00:00'));
    const user = await newUser();
    const device = await newDevice(user);
    const task = await user.api.createTask({ title: 'Moved', dueDate: at('09:00:00').toISOString() });
    expect(
      (await user.api.call('PATCH', `/tasks/${task.id}`, { dueDate: at('11:00:00').toISOString() })).status,
    ).toBe(200);
    await runAt(at('09:00:30'));
    expect(taskSends(device)).toEqual([]);
    await runAt(at('11:00:30'));
    await runAt(at('11:10:00'));
    expect(taskSends(device).map((entry) => entry.payload.body)).toEqual(['Due 11:00']);
  });

  it('holds a due reminder outside work hours until the work day starts, and drops it if the task changed', async () => {
    const at = nextDay();
    // Berlin is UTC+2 in April: the work day 09:00-18:00 there is 07:00-16:00 UTC.
    t.clock.set(at('12:00:00'));
    const user = await newUser({ timezone: 'Europe/Berlin', workDayStart: '09:00', workDayEnd: '18:00' });
    const device = await newDevice(user);
    const evening = await user.api.createTask({
      title: 'Evening due',
      dueDate: at('18:30:00').toISOString(),
    });
    const completedOvernight = await user.api.createTask({
      title: 'Done overnight',
      dueDate: at('18:30:00').toISOString(),
    });
    const movedOvernight = await user.api.createTask({
      title: 'Moved overnight',
      dueDate: at('18:30:00').toISOString(),
    });
    const asked = await user.api.createTask({
      title: 'Asked for a late reminder',
      remindAt: at('19:00:00').toISOString(),
    });
    expect(asked.remindAt).toBe(at('19:00:00').toISOString());

    await runAt(at('18:30:30'));
    expect(taskSends(device)).toEqual([]);
    // The explicit reminder fires at once, work day or not.
    await runAt(at('19:00:30'));
    expect(taskSends(device, 'reminder').map((entry) => entry.payload.title)).toEqual([
      'Asked for a late reminder',
    ]);

    expect((await user.api.call('POST', `/tasks/${completedOvernight.id}/complete`, {})).status).toBe(200);
    const later = new Date(at('18:30:00').getTime() + 26 * HOUR).toISOString();
    expect((await user.api.call('PATCH', `/tasks/${movedOvernight.id}`, { dueDate: later })).status).toBe(
      200,
    );
    const nextMorning = (time: string) => new Date(at(time).getTime() + 24 * HOUR);
    await runAt(nextMorning('06:59:00'));
    expect(taskSends(device)).toEqual([]);
    await runAt(nextMorning('07:00:30'));
    await runAt(nextMorning('07:05:00'));
    expect(taskSends(device).map((entry) => entry.payload.title)).toEqual(['Evening due']);
    expect(taskSends(device)[0]?.payload.taskId).toBe(evening.id);
  });

  it('sends a reminder at remindAt, and again for a new remindAt', async () => {
    const at = nextDay();
    t.clock.set(at('08:00:00'));
    const user = await newUser();
    const device = await newDevice(user);
    const task = await user.api.createTask({ title: 'Pack', remindAt: at('08:30:00').toISOString() });
    await runAt(at('08:30:30'));
    await runAt(at('08:40:00'));
    expect(taskSends(device, 'reminder')).toHaveLength(1);
    expect(taskSends(device, 'reminder')[0]?.payload).toMatchObject({ title: 'Pack', body: 'Reminder' });
    expect(
      (await user.api.call('PATCH', `/tasks/${task.id}`, { remindAt: at('09:00:00').toISOString() })).body
        .remindAt,
    ).toBe(at('09:00:00').toISOString());
    await runAt(at('09:00:30'));
    expect(taskSends(device, 'reminder')).toHaveLength(2);
    expect((await user.api.call('PATCH', `/tasks/${task.id}`, { remindAt: null })).body.remindAt).toBeNull();
  });

  it('sends the morning digest at the start of the work day, once a day', async () => {
    const at = nextDay();
    t.clock.set(at('05:00:00'));
    const user = await newUser({ timezone: 'Europe/Berlin', workDayStart: '08:00', workDayEnd: '17:00' });
    const device = await newDevice(user);
    await user.api.createTask({ title: 'Water the plants', dueDate: at('10:00:00').toISOString() });
    await user.api.createTask({ title: 'Tomorrow only', dueDate: at('23:00:00').toISOString() });
    await runAt(at('05:59:00'));
    expect(taskSends(device, 'digest')).toEqual([]);
    await runAt(at('06:00:30'));
    await runAt(at('06:05:00'));
    await runAt(at('07:00:00'));
    const digests = taskSends(device, 'digest');
    expect(digests).toHaveLength(1);
    expect(digests[0]?.payload).toMatchObject({ title: 'Today: 1 task', body: 'Water the plants' });

    await runAt(new Date(at('06:01:00').getTime() + 24 * HOUR));
    expect(taskSends(device, 'digest')).toHaveLength(2);
    expect(taskSends(device, 'digest')[1]?.payload.title).toBe('Today: 2 tasks');
  });

  it('retries a reminder after a 503, honouring Retry-After, and delivers it once', async () => {
    const at = nextDay();
    t.clock.set(at('08:00:00'));
    const user = await newUser();
    const device = await newDevice(user);
    await user.api.createTask({ title: 'Busy service', dueDate: at('09:00:00').toISOString() });
    receiver.answerNext(503, 1, { 'retry-after': '120' });
    await runAt(at('09:00:10'));
    expect(taskSends(device)).toEqual([]);
    await runAt(at('09:01:10'));
    expect(taskSends(device)).toEqual([]);
    await runAt(at('09:02:15'));
    await runAt(at('09:10:00'));
    expect(taskSends(device).map((entry) => entry.payload.title)).toEqual(['Busy service']);
    const [listed] = (await user.api.call('GET', '/push/subscriptions')).body.items;
    expect(listed).toMatchObject({ isActive: true });
  });

  it('retires a device that answers 410 to a reminder and sends it nothing more', async () => {
    const at = nextDay();
    t.clock.set(at('08:00:00'));
    const user = await newUser();
    const device = await newDevice(user);
    await user.api.createTask({ title: 'First', dueDate: at('09:00:00').toISOString() });
    await user.api.createTask({ title: 'Second', dueDate: at('10:00:00').toISOString() });
    receiver.answerNext(410);
    await runAt(at('09:00:30'));
    const [listed] = (await user.api.call('GET', '/push/subscriptions')).body.items;
    expect(listed.isActive).toBe(false);
    await runAt(at('10:00:30'));
    expect(taskSends(device)).toEqual([]);
  });

  it('sends each reminder once per device across a runner restart in the middle of a batch', async () => {
    const at = nextDay();
    t.clock.set(at('08:00:00'));
    const user = await newUser();
    const devices = [await newDevice(user), await newDevice(user)];
    const tasks = [];
    for (let index = 0; index < 6; index += 1)
      tasks.push(
        await user.api.createTask({ title: `Batch ${index}`, dueDate: at('09:00:00').toISOString() }),
      );

    t.clock.set(at('09:00:30'));
    const first = createRunner({ runnerId: 'first', batchSize: 4 });
    await first.runOnce(); // the sweep: 12 sends enqueued
    await first.runOnce(); // 4 of them sent
    await first.stop();
    // The first runner's batches may hold other users' jobs too; some of these, never all, went out.
    const sentBeforeRestart = devices.reduce((sum, device) => sum + taskSends(device).length, 0);
    expect(sentBeforeRestart).toBeGreaterThan(0);
    expect(sentBeforeRestart).toBeLessThan(12);

    await drain(createRunner({ runnerId: 'second' }));
    await runAt(at('09:05:00'));
    for (const device of devices) {
      const taskIds = taskSends(device).map((entry) => entry.payload.taskId);
      expect([...taskIds].sort()).toEqual(tasks.map((task) => task.id).sort());
    }
  });
});
