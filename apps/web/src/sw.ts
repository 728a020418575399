/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { readPushPayload, resolveNotificationUrl, toNotification } from './lib/push-notification';

declare let self: ServiceWorkerGlobalScope;

// The app shell and every route's code, so the app opens without a network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Page loads get the cached shell; the client router shows the page. API paths always go to the server.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/auth\//] }),
);

// A new build takes over at once instead of waiting for every tab to close; pages that miss a chunk of
// the old build already reload themselves.
void self.skipWaiting();
clientsClaim();

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text());
  if (!payload) return;
  const { title, options } = toNotification(payload, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = resolveNotificationUrl(event.notification.data?.url, self.location.origin);
  event.waitUntil(openApp(url));
});

/** Brings an open window of the app to the front on `url`, or opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const appWindow = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (appWindow) {
    const focused = await appWindow.focus();
    // navigate() works only on windows this worker controls; others are left focused where they are.
    if (focused.url !== url) await focused.navigate(url).catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url);
}
