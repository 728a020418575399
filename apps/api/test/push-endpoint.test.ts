import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { ConfigError, parseConfig } from '../src/config/env';
import { resolveVapidKeys } from '../src/config/vapid-keys';
import { addressProblem, pinnedLookup, resolvePushEndpoint } from '../src/modules/push/push-endpoint';
import { parseRetryAfter, sendPush, toPushTopic } from '../src/modules/push/push-sender';
import { isDigestTime, isWithinWorkDay, localDate, nextWorkDayInstant } from '../src/modules/push/work-hours';
import { type PushReceiver, startPushReceiver } from './support/push-receiver';

const strict = { allowInsecure: false };
const insecure = { allowInsecure: true };

describe('addressProblem', () => {
  it.each([
    ['93.184.216.34', undefined],
    ['2606:4700:4700::1111', undefined],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['239.1.1.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
  ])('%s → %s', (address, range) => {
    const problem = addressProblem(address, strict);
    if (range === undefined) expect(problem).toBeUndefined();
    else expect(problem).toContain(range);
  });

  it('lets loopback through only with the insecure setting', () => {
    expect(addressProblem('127.0.0.1', insecure)).toBeUndefined();
    expect(addressProblem('::ffff:127.0.0.1', insecure)).toBeUndefined();
    expect(addressProblem('10.0.0.1', insecure)).toContain('private');
  });
});

describe('resolvePushEndpoint', () => {
  const resolvingTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('takes a public name and pins the connection to the address it checked', async () => {
    const resolved = await resolvePushEndpoint('https://push.example.com/send/1', {
      ...strict,
      resolveHost: resolvingTo('93.184.216.34'),
    });
    expect(resolved).toMatchObject({ address: '93.184.216.34', family: 4 });
    const lookup = pinnedLookup(resolved);
    const single = await new Promise((resolve) =>
      lookup('anything.example', {}, (_error, address, family) => resolve({ address, family })),
    );
    expect(single).toEqual({ address: '93.184.216.34', family: 4 });
    const all = await new Promise((resolve) =>
      lookup('anything.example', { all: true }, (_error, addresses) => resolve(addresses)),
    );
    expect(all).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('refuses a name that resolves to a private address, even beside a public one', async () => {
    await expect(
      resolvePushEndpoint('https://push.example.com/send/1', {
        ...strict,
        resolveHost: resolvingTo('93.184.216.34', '169.254.169.254'),
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PUSH_ENDPOINT' });
  });

  it('refuses http to a name resolving to a public address, even with the insecure setting', async () => {
    await expect(
      resolvePushEndpoint('http://push.example.com/send/1', {
        ...insecure,
        resolveHost: resolvingTo('93.184.216.34'),
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PUSH_ENDPOINT', message: expect.stringMatching(/https/) });
  });

  it('tells a name that does not resolve apart from a refused one', async () => {
    await expect(
      resolvePushEndpoint('https://push.example.invalid/send/1', {
        ...strict,
        resolveHost: async () => {
          throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
        },
      }),
    ).rejects.toMatchObject({ name: 'EndpointLookupError' });
  });
});

describe('sendPush', () => {
  const vapid = webPush.generateVAPIDKeys();
  let receiver: PushReceiver;
  beforeAll(async () => {
    receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey });
  });
  afterAll(() => receiver.close());

  const options = {
    vapidKeys: vapid,
    vapidSubject: 'mailto:admin@example.com',
    now: new Date(),
    ttlSeconds: 60,
    urgency: 'normal' as const,
    topic: toPushTopic('a reminder'),
  };
  const payload = { title: 'Hello', body: 'World', url: '/', tag: 'x', kind: 'test' as const };

  it('connects to the checked address, not to whatever the name resolves to later', async () => {
    const device = receiver.createDevice();
    // The name exists nowhere: only the pinned lookup can bring the request to the receiver.
    const endpoint = device.endpoint.replace('127.0.0.1', 'push.pinned.invalid');
    let lookups = 0;
    const outcome = await sendPush(
      { endpoint, p256dhKey: device.keys.p256dh, authKey: device.keys.auth },
      payload,
      {
        ...options,
        policy: insecure,
        resolveHost: async () => {
          lookups += 1;
          return [{ address: '127.0.0.1', family: 4 }];
        },
      },
    );
    expect(outcome).toEqual({ outcome: 'delivered' });
    expect(lookups).toBe(1);
    expect(receiver.receivedBy(device).map((entry) => entry.payload)).toEqual([payload]);
    expect(receiver.receivedBy(device)[0]?.topic).toBe(options.topic);
  });

  it('does not send to loopback without the insecure setting', async () => {
    const device = receiver.createDevice();
    const outcome = await sendPush(
      { endpoint: device.endpoint, p256dhKey: device.keys.p256dh, authKey: device.keys.auth },
      payload,
      { ...options, policy: strict },
    );
    expect(outcome.outcome).toBe('refused');
    expect(receiver.receivedBy(device)).toEqual([]);
  });

  it.each([
    [410, 'gone'],
    [404, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'rejected'],
    [403, 'rejected'],
  ])('reads %i as %s', async (status, expected) => {
    const device = receiver.createDevice();
    receiver.answerNext(status);
    const outcome = await sendPush(
      { endpoint: device.endpoint, p256dhKey: device.keys.p256dh, authKey: device.keys.auth },
      payload,
      { ...options, policy: insecure },
    );
    expect(outcome.outcome).toBe(expected);
  });

  it('reads Retry-After in seconds or as a date, within bounds', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(parseRetryAfter('120', now)).toEqual(new Date('2026-03-10T12:02:00Z'));
    expect(parseRetryAfter('Tue, 10 Mar 2026 13:00:00 GMT', now)).toEqual(new Date('2026-03-10T13:00:00Z'));
    expect(parseRetryAfter('0', now)).toEqual(new Date('2026-03-10T12:00:30Z'));
    expect(parseRetryAfter('9999999', now)).toEqual(new Date('2026-03-11T12:00:00Z'));
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('work hours', () => {
  const berlin = { timeZone: 'Europe/Berlin', start: '09:00', end: '18:00' };
  const night = { timeZone: 'UTC', start: '22:00', end: '06:00' };

  it.each([
    // Berlin is UTC+1 in March until the 29th, UTC+2 after.
    [berlin, '2026-03-10T07:59:00Z', false, '2026-03-10T08:00:00.000Z'],
    [berlin, '2026-03-10T08:00:00Z', true, '2026-03-10T08:00:00.000Z'],
    [berlin, '2026-03-10T16:59:00Z', true, '2026-03-10T16:59:00.000Z'],
    [berlin, '2026-03-10T17:00:00Z', false, '2026-03-11T08:00:00.000Z'],
    // The night before the clocks go forward: the next start is 09:00 summer time, 07:00 UTC.
    [berlin, '2026-03-28T20:00:00Z', false, '2026-03-29T07:00:00.000Z'],
    [night, '2026-03-10T23:00:00Z', true, '2026-03-10T23:00:00.000Z'],
    [night, '2026-03-10T05:59:00Z', true, '2026-03-10T05:59:00.000Z'],
    [night, '2026-03-10T12:00:00Z', false, '2026-03-10T22:00:00.000Z'],
    [{ timeZone: 'UTC', start: null, end: null }, '2026-03-10T03:00:00Z', true, '2026-03-10T03:00:00.000Z'],
  ])('%o at %s: within %s, next %s', (workDay, instant, within, next) => {
    expect(isWithinWorkDay(new Date(instant), workDay)).toBe(within);
    expect(nextWorkDayInstant(new Date(instant), workDay).toISOString()).toBe(next);
  });

  it('times the digest from the work day start until its end, by the local date', () => {
    expect(isDigestTime(new Date('2026-03-10T07:59:00Z'), berlin)).toBe(false);
    expect(isDigestTime(new Date('2026-03-10T08:00:00Z'), berlin)).toBe(true);
    expect(isDigestTime(new Date('2026-03-10T17:00:00Z'), berlin)).toBe(false);
    expect(isDigestTime(new Date('2026-03-10T08:00:00Z'), { ...berlin, start: null })).toBe(false);
    expect(isDigestTime(new Date('2026-03-10T21:30:00Z'), { ...berlin, end: null })).toBe(true);
    expect(localDate(new Date('2026-03-10T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-11');
  });
});

describe('push configuration', () => {
  it('takes both VAPID keys or neither, by name', () => {
    const keys = webPush.generateVAPIDKeys();
    expect(
      parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapidKeys,
    ).toEqual(keys);
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => parseConfig({ VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: expected the VAPID public key/,
    );
    expect(() => parseConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => parseConfig({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'yes' })).toThrow(
      /PUSH_ALLOW_INSECURE_ENDPOINTS/,
    );
  });

  it('keeps insecure endpoints off and derives the subject from the public URL', () => {
    expect(parseConfig({})).toMatchObject({
      pushAllowInsecureEndpoints: false,
      vapidSubject: 'mailto:push@localhost',
    });
    expect(parseConfig({ PUBLIC_URL: 'https://cairn.example.com/app' }).vapidSubject).toBe(
      'https://cairn.example.com',
    );
  });

  it('generates the keys once and keeps them, readable by the owner only', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-vapid-'));
    try {
      const [first, second] = await Promise.all([
        resolveVapidKeys({ configured: undefined, dataDir }),
        resolveVapidKeys({ configured: undefined, dataDir }),
      ]);
      expect(second).toEqual(first);
      expect(await resolveVapidKeys({ configured: undefined, dataDir })).toEqual(first);
      const file = path.join(dataDir, 'vapid.json');
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const configured = webPush.generateVAPIDKeys();
      expect(await resolveVapidKeys({ configured, dataDir })).toEqual(configured);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
