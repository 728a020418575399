import { type PushPayload, pushPayloadSchema } from '@cairn/contracts/push';

/** What the service worker hands to showNotification; `data.url` is where a click leads. */
export interface NotificationToShow {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; data: { url: string } };
}

/** The app's mark, shown beside the text (the maskable one would be cropped). */
const NOTIFICATION_ICON = '/icon-192.png';

/**
 * Reads a push message's JSON. Anything that is not a notification of the agreed shape is dropped, so a
 * broken or foreign message never shows junk to the user.
 */
export function readPushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const result = pushPayloadSchema.safeParse(json);
  return result.success ? result.data : null;
}

/**
 * The page a notification opens, as an absolute URL on the app's own origin. Only paths inside the app
 * are followed: another origin, a protocol-relative or scripted URL falls back to the home page.
 */
export function resolveNotificationUrl(url: unknown, origin: string): string {
  const home = new URL('/', origin).href;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return home;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === new URL(origin).origin ? resolved.href : home;
  } catch {
    return home;
  }
}

export function toNotification(payload: PushPayload, origin: string): NotificationToShow {
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: payload.tag,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      data: { url: resolveNotificationUrl(payload.url, origin) },
    },
  };
}
