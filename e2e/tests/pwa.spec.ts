import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { tasksApi, waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

// The app's own service worker is what these tests are about.
test.use({ serviceWorkers: 'allow' });

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

const isControlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Whether the offline copy in IndexedDB holds `text` (the app saves it shortly after data loads). */
function offlineCopyContains(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    // Opening a database that does not exist would create an empty one the app could not use.
    if (!(await indexedDB.databases()).some((database) => database.name === 'cairn-offline')) return false;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('cairn-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!database.objectStoreNames.contains('query-cache')) return false;
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const request = database.transaction('query-cache').objectStore('query-cache').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return JSON.stringify(values).includes(wanted);
    } finally {
      database.close();
    }
  }, text);
}

/** A signed-in user with tasks, on the classic list with its data saved for offline use. */
async function openClassicListReadyOffline(page: Page, titles: string[]) {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  const api = tasksApi(page, baseURL, user.tokens.accessToken.token);
  const tasks = await Promise.all(titles.map((title) => api.createTask({ title })));
  await page.goto('/classic-list');
  for (const title of titles) await expect(page.getByRole('link', { name: title })).toBeVisible();
  await waitForServiceWorker(page);
  for (const title of titles) await expect.poll(() => offlineCopyContains(page, title)).toBe(true);
  return { api, tasks };
}

test('the web app manifest is linked and served with installable icons', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/manifest\+json|application\/json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Cairn', start_url: '/', display: 'standalone' });
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons as { src: string }[]) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }

  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', /^#/);
});

test('the service worker registers and controls the page after a reload', async ({ page }) => {
  await page.goto('/login');
  await waitForServiceWorker(page);
  await page.reload();
  expect(await isControlled(page)).toBe(true);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(
    `${baseURL}/`,
  );
});

test('Chromium finds nothing that stops the app from being installed', async ({
  playwright,
  launchOptions,
}) => {
  // Test contexts are incognito, where Chromium never offers to install: this check needs a real profile.
  const profileDir = await mkdtemp(path.join(tmpdir(), 'cairn-install-'));
  const context = await playwright.chromium.launchPersistentContext(profileDir, {
    ...launchOptions,
    baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await waitForServiceWorker(page);
    await page.reload();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${baseURL}/manifest.webmanifest`);
    expect(JSON.parse(data ?? 'null')).toMatchObject({ name: 'Cairn' });
  } finally {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  }
});

test('offline, a reload shows the banner and the last tasks seen, and a change is sent once back online', async ({
  page,
  context,
}) => {
  const { api, tasks } = await openClassicListReadyOffline(page, ['Water the plants', 'Call the plumber']);
  const status = page.getByRole('status').filter({ hasText: "You're offline." });
  await expect(status).toHaveCount(0);

  await context.setOffline(true);
  await expect(status).toBeVisible();
  await page.reload();
  await expect(status).toBeVisible();
  await expect(page.getByRole('link', { name: 'Water the plants' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call the plumber' })).toBeVisible();

  const checkbox = page.getByRole('checkbox', { name: 'Complete “Water the plants”' });
  await checkbox.click();
  await expect(checkbox).toBeChecked();
  await expect(status).toContainText("1 change will be saved when you're back online.");
  expect((await api.getTask(tasks[0]?.id ?? '')).completedAt).toBeNull();

  const completed = waitForApi(page, 'POST', /\/complete$/);
  await context.setOffline(false);
  expect((await completed).status()).toBe(200);
  await expect(status).toHaveCount(0);
  await expect.poll(async () => (await api.getTask(tasks[0]?.id ?? '')).completedAt).not.toBeNull();
});

test('a change made offline is not dropped silently when the page is reloaded before it is sent', async ({
  page,
  context,
}) => {
  await openClassicListReadyOffline(page, ['Pay the rent']);
  const status = page.getByRole('status').filter({ hasText: "You're offline." });
  await context.setOffline(true);
  // The page hears of it a moment later; a click before then is an online change whose answer is lost.
  await expect(status).toBeVisible();
  const checkbox = page.getByRole('checkbox', { name: 'Complete “Pay the rent”' });
  await checkbox.click();
  await expect(status).toContainText('1 change will be saved');
  // The pending count reaches the offline copy before the reload.
  await expect.poll(() => offlineCopyContains(page, '"unsentChangeCount":1')).toBe(true);

  // Leaving asks first; the user goes ahead anyway.
  let leaveQuestion = '';
  page.once('dialog', (dialog) => {
    leaveQuestion = dialog.type();
    void dialog.accept();
  });
  await page.reload();
  expect(leaveQuestion).toBe('beforeunload');

  await expect(
    page.getByText('1 change made while offline could not be sent before the page was reloaded'),
  ).toBeVisible();
  // What the server holds is not checked: Chromium lifts its emulated offline state for a page as it
  // unloads, and requests that pass through the service worker escape it, so the old page sometimes
  // still sends the change on its way out, as it would were the network really back.
});

test('logging out deletes the offline copy, so the next account on this browser never sees it', async ({
  page,
}) => {
  await openClassicListReadyOffline(page, ['Private errand']);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => offlineCopyContains(page, 'Private errand')).toBe(false);

  // Another account signs in on the same browser: nothing of the first one shows.
  await openAppAsNewUser(page, baseURL, '/classic-list');
  await expect(page.getByRole('textbox', { name: 'Add a task' })).toBeVisible();
  await expect(page.getByText('Private errand')).toHaveCount(0);
});
