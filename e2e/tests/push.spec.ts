import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import {
  type DeviceSecrets,
  decryptPush,
  type PushReceiver,
  startPushReceiver,
} from '../support/push-receiver';
import { tasksApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');
const SUBSCRIPTION_STORAGE_KEY = 'cairn-test-push-subscription';

test.use({ serviceWorkers: 'allow' });

let receiver: PushReceiver;
test.beforeAll(async () => {
  receiver = await startPushReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

/**
 * Chromium reaches no real push service here, so at that edge only the page's PushManager is replaced:
 * subscribe() makes a real P-256 key pair and auth secret with WebCrypto and returns a subscription whose
 * endpoint is the test's receiver. The private key stays in the page's storage for the test to decrypt.
 */
function fakePushService({ receiverOrigin, storageKey }: { receiverOrigin: string; storageKey: string }) {
  const toBase64Url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  type Saved = { endpoint: string; publicKey: string; privateKeyD: string; authSecret: string };
  const toSubscription = (saved: Saved) => ({
    endpoint: saved.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => ({
      endpoint: saved.endpoint,
      expirationTime: null,
      keys: { p256dh: saved.publicKey, auth: saved.authSecret },
    }),
    unsubscribe: async () => {
      localStorage.removeItem(storageKey);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const serverKey = options?.applicationServerKey;
    if (!options?.userVisibleOnly || !(serverKey instanceof Uint8Array)) {
      throw new DOMException('subscribe() needs userVisibleOnly and the server key', 'NotAllowedError');
    }
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const saved: Saved & { serverKey: string } = {
      endpoint: `${receiverOrigin}/push/${crypto.randomUUID()}`,
      publicKey: toBase64Url(await crypto.subtle.exportKey('raw', pair.publicKey)),
      privateKeyD: (await crypto.subtle.exportKey('jwk', pair.privateKey)).d ?? '',
      authSecret: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
      serverKey: toBase64Url(serverKey),
    };
    localStorage.setItem(storageKey, JSON.stringify(saved));
    return toSubscription(saved) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    const saved = localStorage.getItem(storageKey);
    return saved ? (toSubscription(JSON.parse(saved)) as unknown as PushSubscription) : null;
  };
}

async function readDeviceSecrets(
  page: Page,
): Promise<DeviceSecrets & { endpoint: string; serverKey: string }> {
  const saved = await page.evaluate((key) => localStorage.getItem(key), SUBSCRIPTION_STORAGE_KEY);
  if (!saved) throw new Error('the page has no push subscription');
  return JSON.parse(saved);
}

/** The service worker registration's id as DevTools knows it, to deliver a push message to it. */
async function findRegistrationId(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((item) => item.scopeURL === `${baseURL}/` && !item.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrationId: await registrationId };
}

function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map(({ title, body, tag, data }) => ({ title, body, tag, url: data?.url }));
  });
}

test('a test notification travels encrypted from the server and the service worker shows it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.addInitScript(fakePushService, {
    receiverOrigin: receiver.origin,
    storageKey: SUBSCRIPTION_STORAGE_KEY,
  });
  // The service worker precaches the whole app before it is ready to subscribe: on a busy machine
  // that alone can take longer than an assertion's wait, so the test waits for it first.
  test.setTimeout(60_000);
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  const section = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(section.getByText('Notifications are off on this device.')).toBeVisible();
  await expect(section.getByText('No device receives notifications yet.')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByText(/^Notifications are on/)).toBeVisible();
  const thisDevice = section.getByRole('listitem', { name: /\(this device\)$/ });
  await expect(thisDevice).toHaveCount(1);

  // The page subscribed with the server's VAPID key, and the server stored that subscription.
  const secrets = await readDeviceSecrets(page);
  const headers = { Authorization: `Bearer ${user.tokens.accessToken.token}` };
  const { publicKey } = await (
    await page.request.get(`${baseURL}/api/v1/push/public-key`, { headers })
  ).json();
  expect(secrets.serverKey).toBe(publicKey);
  const devices = await page.request.get(`${baseURL}/api/v1/push/subscriptions`, { headers });
  expect((await devices.json()).items).toEqual([
    expect.objectContaining({ endpoint: secrets.endpoint, isActive: true }),
  ]);

  const receivedBefore = receiver.received.length;
  await thisDevice.getByRole('button', { name: /^Send a test notification to / }).click();
  await expect(page.getByText(/^Test notification sent to /)).toBeVisible();

  const requests = receiver.received.slice(receivedBefore);
  expect(requests).toHaveLength(1);
  const [request] = requests;
  expect(request?.path).toBe(new URL(secrets.endpoint).pathname);
  expect(request?.headers['content-encoding']).toBe('aes128gcm');
  expect(request?.headers.authorization).toMatch(/^vapid t=/);
  const payload = decryptPush(request?.body ?? Buffer.alloc(0), secrets);
  expect(payload).toMatchObject({ title: 'Cairn', kind: 'test', url: '/', tag: 'test' });

  // The browser would hand the decrypted message to the service worker; DevTools does it here.
  const { cdp, registrationId } = await findRegistrationId(page);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Cairn',
        body: (payload as { body: string }).body,
        tag: 'test',
        url: `${baseURL}/`,
      },
    ]);

  // A message of another shape is not shown.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId,
    data: '{"hello":1}',
  });
  await page.waitForTimeout(300);
  expect(await shownNotifications(page)).toHaveLength(1);

  await section.getByRole('button', { name: 'Turn off notifications' }).click();
  await expect(section.getByText('Notifications are off on this device.')).toBeVisible();
  await expect(section.getByText('No device receives notifications yet.')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), SUBSCRIPTION_STORAGE_KEY)).toBeNull();
});

test('when the browser refuses permission, nothing is subscribed and the user is told why', async ({
  page,
}) => {
  // No permission granted: the automated browser answers the permission prompt with a refusal.
  await openAppAsNewUser(page, baseURL, '/profile');
  const section = page.getByRole('region', { name: 'Notifications on this device' });
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(page.getByText(/^Notifications (are blocked for this site|were not allowed)/)).toBeVisible();
  await expect(section.getByText('No device receives notifications yet.')).toBeVisible();
  await expect(section.getByText(/^Notifications are on/)).toHaveCount(0);
});

test.describe('reminders', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a reminder set on the task page is saved in the browser’s time zone, shown on cards and cleared', async ({
    page,
  }) => {
    const user = await openAppAsNewUser(page, baseURL, '/profile');
    const api = tasksApi(page, baseURL, user.tokens.accessToken.token);
    const task = await api.createTask({ title: 'Renew the passport' });
    const remindAtOf = async () => (await api.getTask(task.id)).remindAt;

    await page.goto(`/tasks/${task.id}`);
    const field = page.getByLabel('Remind me');
    await field.fill('2030-05-06T09:30');
    await field.blur();
    // 09:30 in Tokyo (UTC+9).
    await expect.poll(remindAtOf).toBe('2030-05-06T00:30:00.000Z');

    await page.goto('/classic-list');
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Renew the passport' }) });
    await expect(row.getByText('Reminder set')).toHaveCount(1);

    await page.goto(`/tasks/${task.id}`);
    await expect(page.getByLabel('Remind me')).toHaveValue('2030-05-06T09:30');
    await page.getByRole('button', { name: 'Clear the reminder' }).click();
    await expect.poll(remindAtOf).toBeNull();
    await expect(page.getByLabel('Remind me')).toHaveValue('');
  });

  test('a reminder can be set a chosen time before a timed due date', async ({ page }) => {
    const user = await openAppAsNewUser(page, baseURL, '/profile');
    const api = tasksApi(page, baseURL, user.tokens.accessToken.token);
    // Due at 12:00 in Tokyo.
    const task = await api.createTask({
      title: 'Call the embassy',
      dueDate: '2030-05-06T03:00:00.000Z',
      dueDateHasTime: true,
    });
    const remindAtOf = async () => (await api.getTask(task.id)).remindAt;

    await page.goto(`/tasks/${task.id}`);
    const oneHourBefore = page.getByRole('button', { name: '1 hour before' });
    await oneHourBefore.click();
    await expect.poll(remindAtOf).toBe('2030-05-06T02:00:00.000Z');
    await expect(page.getByLabel('Remind me', { exact: true })).toHaveValue('2030-05-06T11:00');
    await expect(oneHourBefore).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: '10 min before' }).click();
    await expect.poll(remindAtOf).toBe('2030-05-06T02:50:00.000Z');
    await expect(oneHourBefore).toHaveAttribute('aria-pressed', 'false');
  });
});
