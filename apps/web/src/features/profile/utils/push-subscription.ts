import type { CreatePushSubscriptionBody } from '@cairn/contracts/push';

/** The VAPID key as PushManager.subscribe takes it: the bytes of the server's base64url text. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** What the server needs from the browser's subscription; undefined when the browser gave no keys. */
export function toSubscriptionBody(json: PushSubscriptionJSON): CreatePushSubscriptionBody | undefined {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return undefined;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

const browsers: readonly (readonly [RegExp, string])[] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const systems: readonly (readonly [RegExp, string])[] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A short name for a device from its User-Agent, such as "Chrome on Linux". Order matters: Edge says Chrome too. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Browser';
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
