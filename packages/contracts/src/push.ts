import { z } from 'zod';
import { idSchema, instantSchema, textSchema } from './common';

/** The server's VAPID public key, base64url, as PushManager.subscribe takes it (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64UrlSchema = (max: number) =>
  textSchema()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url');

/** What the browser's PushSubscription.toJSON() holds; the endpoint is checked again when sending. */
export const createPushSubscriptionBodySchema = z.strictObject({
  endpoint: textSchema().trim().min(1).max(2000),
  keys: z.strictObject({ p256dh: base64UrlSchema(200), auth: base64UrlSchema(100) }),
  /** A label for the device list; the server falls back to the request's User-Agent. */
  userAgent: textSchema().trim().max(500).optional(),
});
export type CreatePushSubscriptionBody = z.infer<typeof createPushSubscriptionBodySchema>;

/** A device as its owner sees it; the keys are never sent back. */
export const pushSubscriptionSchema = z.object({
  id: idSchema,
  endpoint: z.string(),
  isActive: z.boolean(),
  userAgent: z.string().nullable(),
  lastSuccessAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type PushSubscription = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionsSchema = z.object({ items: z.array(pushSubscriptionSchema) });

/** What a notification carries to the service worker (the encrypted payload, as JSON). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Opened on click, a path inside the app such as /tasks/<id>. */
  url: z.string(),
  /** Same tag replaces an earlier notification on the device (one per task reminder). */
  tag: z.string(),
  kind: z.enum(['test', 'due', 'reminder', 'digest']),
  taskId: idSchema.optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const testPushResultSchema = z.object({ delivered: z.boolean() });
