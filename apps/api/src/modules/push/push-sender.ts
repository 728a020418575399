import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { PushPayload } from '@cairn/contracts/push';
import webPush from 'web-push';
import type { VapidKeys } from '../../config/vapid-keys';
import { AppError } from '../../lib/app-error';
import {
  EndpointLookupError,
  type EndpointPolicy,
  pinnedLookup,
  type ResolveHost,
  resolvePushEndpoint,
} from './push-endpoint';

/**
 * One Web Push request: web-push encrypts the payload (aes128gcm) and signs the VAPID header; the
 * request itself is made here, to the address the endpoint check approved, so nothing else is reached.
 */

const SEND_TIMEOUT_MS = 10_000;
/** A push service that asks for a pause gets at least this, and at most a day. */
const MIN_RETRY_MS = 30_000;
const MAX_RETRY_MS = 86_400_000;

export type PushTarget = { endpoint: string; p256dhKey: string; authKey: string };

export type SendOutcome =
  | { outcome: 'delivered' }
  /** 404 or 410: the browser dropped the subscription; it never works again. */
  | { outcome: 'gone'; status: number }
  /** 429, 5xx or a network failure: worth another try later. */
  | { outcome: 'retry'; message: string; retryAt: Date | undefined }
  /** The endpoint's name did not resolve; it may later. */
  | { outcome: 'unresolved'; message: string }
  /** The endpoint is not one the server may contact. */
  | { outcome: 'refused'; message: string }
  /** The push service turned the request down (another 4xx): sending it again would not help. */
  | { outcome: 'rejected'; message: string };

export type SendOptions = {
  vapidKeys: VapidKeys;
  vapidSubject: string;
  policy: EndpointPolicy;
  now: Date;
  /** Seconds the push service keeps an undelivered message. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A resend with the same topic replaces the earlier message on the device instead of adding one. */
  topic: string;
  resolveHost?: ResolveHost;
};

/** Push services take a topic of at most 32 base64url characters; any key is hashed down to that. */
export function toPushTopic(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/** Retry-After in seconds or as an HTTP date, kept within sane bounds. */
export function parseRetryAfter(header: string | string[] | undefined, now: Date): Date | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : undefined;
  const at = seconds === undefined ? Date.parse(value) : now.getTime() + seconds;
  if (Number.isNaN(at)) return undefined;
  const wait = Math.min(Math.max(at - now.getTime(), MIN_RETRY_MS), MAX_RETRY_MS);
  return new Date(now.getTime() + wait);
}

type RawResponse = { status: number; headers: http.IncomingHttpHeaders };

function post(options: {
  url: URL;
  lookup: ReturnType<typeof pinnedLookup>;
  headers: Record<string, string | number>;
  body: Buffer | null;
}): Promise<RawResponse> {
  const { url } = options;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: options.headers,
        lookup: options.lookup,
        // A fresh connection each time: a pooled socket could outlive the check that approved it.
        agent: false,
        timeout: SEND_TIMEOUT_MS,
      },
      (response) => {
        // The body is not needed; draining it lets the socket close.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('The push service did not answer in time')));
    request.on('error', reject);
    request.end(options.body ?? undefined);
  });
}

export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  options: SendOptions,
): Promise<SendOutcome> {
  let resolved: Awaited<ReturnType<typeof resolvePushEndpoint>>;
  try {
    resolved = await resolvePushEndpoint(target.endpoint, {
      ...options.policy,
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    });
  } catch (error) {
    if (error instanceof EndpointLookupError) return { outcome: 'unresolved', message: error.message };
    if (error instanceof AppError) return { outcome: 'refused', message: error.message };
    throw error;
  }
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dhKey, auth: target.authKey } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: options.vapidSubject, ...options.vapidKeys },
      contentEncoding: 'aes128gcm',
      TTL: options.ttlSeconds,
      urgency: options.urgency,
      topic: options.topic,
    },
  );
  let response: RawResponse;
  try {
    response = await post({
      url: resolved.url,
      lookup: pinnedLookup(resolved),
      headers: details.headers as Record<string, string | number>,
      body: (details.body as Buffer | null) ?? null,
    });
  } catch (error) {
    return {
      outcome: 'retry',
      message: `The push service could not be reached: ${(error as Error).message}`,
      retryAt: undefined,
    };
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { outcome: 'delivered' };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) {
    return {
      outcome: 'retry',
      message: `The push service answered ${status}`,
      retryAt: parseRetryAfter(response.headers['retry-after'], options.now),
    };
  }
  return { outcome: 'rejected', message: `The push service answered ${status}` };
}
