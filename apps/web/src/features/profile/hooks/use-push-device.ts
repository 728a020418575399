import type { PushSubscription as PushDevice } from '@cairn/contracts/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserFacingError } from '../../../lib/errors';
import { getServiceWorkerRegistration } from '../../../lib/service-worker';
import { createPushSubscription } from '../api/create-push-subscription';
import { deletePushSubscription } from '../api/delete-push-subscription';
import { pushPublicKeyQueryOptions } from '../api/get-push-public-key';
import { pushKeys } from '../api/push-keys';
import { decodeBase64Url, toSubscriptionBody } from '../utils/push-subscription';

/** What this browser can do about notifications, before the server's device list is taken into account. */
export type BrowserPushState =
  | { kind: 'unsupported'; reason: string }
  | { kind: 'denied' }
  /** Permission not refused and no subscription (or one the server no longer knows). */
  | { kind: 'off' }
  | { kind: 'subscribed'; endpoint: string };

const thisDeviceKey = [...pushKeys.all, 'this-device'] as const;

/** How long enabling waits for the service worker to start before giving up. */
const SERVICE_WORKER_WAIT_MS = 10_000;

function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function readBrowserPushState(): Promise<BrowserPushState> {
  // Browsers offer service workers and push only to https pages (and localhost).
  if (!window.isSecureContext) {
    return {
      kind: 'unsupported',
      reason: 'Notifications need Cairn to be opened over HTTPS. Ask whoever runs it to set that up.',
    };
  }
  if (!isPushSupported()) {
    return { kind: 'unsupported', reason: 'This browser cannot show notifications from websites.' };
  }
  const registration = await getServiceWorkerRegistration();
  if (!registration) {
    return {
      kind: 'unsupported',
      reason:
        'Notifications need the app’s service worker, which this page has not loaded. Reload to try again.',
    };
  }
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const subscription = await registration.pushManager.getSubscription();
  return subscription ? { kind: 'subscribed', endpoint: subscription.endpoint } : { kind: 'off' };
}

/** Browser state, read without the network: a query so that enabling and disabling can refresh it. */
function thisDeviceQueryOptions() {
  return queryOptions({
    queryKey: thisDeviceKey,
    queryFn: readBrowserPushState,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorMessage: 'Could not read this device’s notification settings' },
  });
}

export function useBrowserPushState() {
  return useQuery(thisDeviceQueryOptions());
}

async function waitForServiceWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(new UserFacingError('The app’s service worker did not start. Reload the page and try again.')),
      SERVICE_WORKER_WAIT_MS,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asks for permission, subscribes this browser with the server's key and registers it as a device. */
export function useEnablePushMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PushDevice> => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        throw new UserFacingError(
          permission === 'denied'
            ? 'Notifications are blocked for this site. Allow them in the browser’s site settings.'
            : 'Notifications were not allowed.',
        );
      }
      const registration = await waitForServiceWorker();
      const { publicKey } = await queryClient.fetchQuery(pushPublicKeyQueryOptions());
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: decodeBase64Url(publicKey),
        }));
      const body = toSubscriptionBody(subscription.toJSON());
      if (!body) throw new UserFacingError('This browser did not give the keys notifications need.');
      return createPushSubscription(body);
    },
    meta: { errorMessage: 'Could not turn on notifications' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}

/**
 * Removes a device (the server's record, when there is one). When it is this browser, its subscription is dropped too, so nothing arrives here
 * even if the server still had a message on its way.
 */
export function useRemovePushDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      deviceId,
      isThisDevice,
    }: {
      deviceId: string | undefined;
      isThisDevice: boolean;
    }) => {
      if (deviceId) await deletePushSubscription(deviceId);
      if (isThisDevice) {
        const registration = await getServiceWorkerRegistration();
        const subscription = await registration?.pushManager.getSubscription();
        await subscription?.unsubscribe();
      }
    },
    meta: { errorMessage: 'Could not remove the device' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }),
  });
}
