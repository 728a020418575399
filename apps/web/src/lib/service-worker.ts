/** Where the build puts the worker (vite.config.ts, src/sw.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker (offline app shell, push notifications) once the page has loaded, so it
 * never competes with the first paint. Production builds only: in development it would cache stale code.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // The app works without it (online only, no notifications).
      console.warn('The service worker could not be registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** The active registration, for push subscriptions; undefined where service workers are unavailable. */
export async function getServiceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return (await navigator.serviceWorker.getRegistration('/')) ?? undefined;
}

/**
 * Stops this browser's push subscription, so a signed-out user's reminders no longer show here. The server
 * drops the device when the push service tells it the subscription is gone.
 */
export async function unsubscribeFromPush(): Promise<void> {
  try {
    const registration = await getServiceWorkerRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // Best effort: nothing else depends on it.
  }
}
