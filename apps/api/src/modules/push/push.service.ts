import type {
  CreatePushSubscriptionBody,
  PushPayload,
  PushPublicKey,
  PushSubscription,
} from '@cairn/contracts/push';
import { resolveVapidKeys, type VapidKeys } from '../../config/vapid-keys';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { requireOwned } from '../../lib/require-owned';
import { assertWithinPlanLimit } from '../plans/plan-limits.service';
import type { PushSubscriptionRow } from './push.repository';
import * as repository from './push.repository';
import { checkEndpointForSubscription } from './push-endpoint';
import { type SendOptions, type SendOutcome, sendPush, toPushTopic } from './push-sender';

/** Devices that take push notifications, and sending to one of them. */

const vapidKeysByDir = new Map<string, Promise<VapidKeys>>();

/** Configured keys, else the pair kept in the data directory (made on first use, then read once). */
export function getVapidKeys(ctx: AppContext): Promise<VapidKeys> {
  const { vapidKeys, dataDir } = ctx.config;
  if (vapidKeys) return Promise.resolve(vapidKeys);
  let keys = vapidKeysByDir.get(dataDir);
  if (!keys) {
    keys = resolveVapidKeys({ configured: undefined, dataDir });
    keys.catch(() => vapidKeysByDir.delete(dataDir));
    vapidKeysByDir.set(dataDir, keys);
  }
  return keys;
}

function toPushSubscription(row: PushSubscriptionRow): PushSubscription {
  return {
    id: row.id,
    endpoint: row.endpoint,
    isActive: row.isActive,
    userAgent: row.userAgent,
    lastSuccessAt: row.lastSuccessAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const policyOf = (ctx: AppContext) => ({ allowInsecure: ctx.config.pushAllowInsecureEndpoints });

export async function getPushPublicKey(ctx: AppContext): Promise<PushPublicKey> {
  return { publicKey: (await getVapidKeys(ctx)).publicKey };
}

/** A P-256 public key is a 65-byte uncompressed point; the auth secret is 16 bytes. */
function assertSubscriptionKeys(keys: CreatePushSubscriptionBody['keys']): void {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 0x04)
    throw new AppError('VALIDATION_FAILED', 'keys.p256dh must be an uncompressed P-256 public key', {
      issues: [{ path: ['keys', 'p256dh'], message: 'Must be a 65-byte uncompressed P-256 public key' }],
    });
  if (Buffer.from(keys.auth, 'base64url').length !== 16)
    throw new AppError('VALIDATION_FAILED', 'keys.auth must be 16 bytes', {
      issues: [{ path: ['keys', 'auth'], message: 'Must be 16 bytes' }],
    });
}

/** Adds the device, or refreshes it when its endpoint is known already; `isNew` tells which. */
export async function subscribeToPush(
  ctx: AppContext,
  options: { userId: string; body: CreatePushSubscriptionBody; requestUserAgent: string | undefined },
): Promise<{ subscription: PushSubscription; isNew: boolean }> {
  const { body } = options;
  assertSubscriptionKeys(body.keys);
  await checkEndpointForSubscription(body.endpoint, policyOf(ctx));
  const { userId } = options;
  const row = await inTransaction(ctx, async (tx) => {
    // Subscribing a device the user has already refreshes it: no new device, so no new slot.
    // An endpoint another user had (a shared browser) is a new device for this one.
    if (!(await repository.hasPushEndpoint(tx.db, { userId, endpoint: body.endpoint }))) {
      await assertWithinPlanLimit(tx, { userId, key: 'pushDevices', adding: 1 });
    }
    return repository.upsertPushSubscription(tx.db, {
      userId,
      endpoint: body.endpoint,
      p256dhKey: body.keys.p256dh,
      authKey: body.keys.auth,
      userAgent: body.userAgent || options.requestUserAgent?.slice(0, 500) || null,
      now: tx.clock.now(),
    });
  });
  return { subscription: toPushSubscription(row), isNew: row.isNew };
}

export async function findPushSubscriptions(
  ctx: AppContext,
  options: { userId: string },
): Promise<PushSubscription[]> {
  return (await repository.findPushSubscriptions(ctx.db, options.userId)).map(toPushSubscription);
}

export async function deletePushSubscription(
  ctx: AppContext,
  options: { userId: string; subscriptionId: string },
): Promise<void> {
  if (!(await repository.deletePushSubscription(ctx.db, options))) throw notFound('Push subscription');
}

/** Active devices of these users, for the reminder sweep. */
export function findActivePushSubscriptions(ctx: AppContext, options: { userIds: string[] }) {
  return repository.findActivePushSubscriptions(ctx.db, options.userIds);
}

export function findUsersWithActivePush(ctx: AppContext): Promise<string[]> {
  return repository.findUsersWithActivePush(ctx.db);
}

/** The device if the user has it, else undefined (a background job's read: a removed device is no error). */
export function findPushSubscriptionRow(
  ctx: AppContext,
  options: { userId: string; subscriptionId: string },
): Promise<PushSubscriptionRow | undefined> {
  return repository.findPushSubscription(ctx.db, options);
}

/**
 * Sends one notification to one device and records what came of it: a delivery resets the failure
 * count, a 404 or 410 retires the device for good, anything else counts as a failure.
 */
export async function deliverPush(
  ctx: AppContext,
  options: {
    subscription: PushSubscriptionRow;
    payload: PushPayload;
    /** Same key, same topic: a resend replaces the earlier message on the device. */
    topicKey: string;
    urgency?: SendOptions['urgency'];
    ttlSeconds?: number;
    resolveHost?: SendOptions['resolveHost'];
  },
): Promise<SendOutcome> {
  const { subscription } = options;
  const now = ctx.clock.now();
  const outcome = await sendPush(subscription, options.payload, {
    vapidKeys: await getVapidKeys(ctx),
    vapidSubject: ctx.config.vapidSubject,
    policy: policyOf(ctx),
    now,
    ttlSeconds: options.ttlSeconds ?? 3600,
    urgency: options.urgency ?? 'normal',
    topic: toPushTopic(options.topicKey),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
  });
  // A name that does not resolve now says nothing about the device; an address the server may not
  // contact retires it like a 410, as it would be refused every time.
  if (outcome.outcome !== 'unresolved') {
    const recorded = {
      delivered: 'delivered',
      gone: 'gone',
      refused: 'gone',
      retry: 'failed',
      rejected: 'failed',
    } as const;
    await repository.recordPushOutcome(ctx.db, {
      userId: subscription.userId,
      subscriptionId: subscription.id,
      now,
      outcome: recorded[outcome.outcome],
    });
  }
  return outcome;
}

/** A notification the user asked for, sent now: it arrived, or why it did not. */
export async function sendTestPush(
  ctx: AppContext,
  options: { userId: string; subscriptionId: string },
): Promise<{ delivered: true }> {
  const subscription = requireOwned(
    await repository.findPushSubscription(ctx.db, options),
    'Push subscription',
  );
  const outcome = await deliverPush(ctx, {
    subscription,
    payload: {
      title: 'Cairn',
      body: 'Notifications reach this device.',
      url: '/',
      tag: 'test',
      kind: 'test',
    },
    topicKey: `test:${subscription.id}`,
    ttlSeconds: 60,
  });
  switch (outcome.outcome) {
    case 'delivered':
      return { delivered: true };
    case 'gone':
      throw new AppError(
        'PUSH_DELIVERY_FAILED',
        'The push service says this device no longer takes notifications; subscribe again from it',
      );
    case 'retry':
    case 'rejected':
      throw new AppError('PUSH_DELIVERY_FAILED', `The notification was not delivered: ${outcome.message}`);
    case 'refused':
    case 'unresolved':
      throw new AppError('INVALID_PUSH_ENDPOINT', outcome.message);
  }
}
