import path from 'node:path';
import { misconfiguredBuild, paths, serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

test('an unknown address shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('a build with missing settings names them instead of starting', async ({ page }) => {
  const buildDir = paths.webBuild(misconfiguredBuild.name);
  // This build is never served by the API; the browser gets its files straight from disk.
  await page.route(`${misconfiguredBuild.origin}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    const file = pathname.startsWith('/assets/') || pathname.includes('.') ? pathname : '/index.html';
    return route.fulfill({ path: path.join(buildDir, file) });
  });

  await page.goto(`${misconfiguredBuild.origin}/login`);

  await expect(page.getByRole('heading', { name: 'Cairn cannot start' })).toBeVisible();
  await expect(page.getByText('VITE_API_URL', { exact: true })).toBeVisible();
  await expect(page.getByText('VITE_ERROR_REPORTING_DSN', { exact: true })).toBeVisible();
  await expect(page.getByText('It is set to "not-a-url".')).toBeVisible();
  await expect(page.getByText('It is not set.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCount(0);
});

test('a part of the app that fails to load reloads the page once', async ({ page }) => {
  await openAppAsNewUser(page, baseURL);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // As after a new deployment: the profile screen's file is gone.
  await page.route(/\/assets\/profile-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: 'Not found' }),
  );
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('heading', { name: 'App Update Available' })).toBeVisible();
  await expect(
    page.getByText('The page will refresh automatically to load the latest version.'),
  ).toBeVisible();

  // One reload; the still-missing file then leaves the message up with a button instead of looping.
  await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  expect(loads).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem('cairn:chunk-reload-attempted'))).toBeTruthy();
});

test('a failing page shows the route error, reports it, and recovers with Try Again', async ({ page }) => {
  await openAppAsNewUser(page, baseURL);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The profile comes with the start-up read, and a retry asks users/me: both fail.
  const profileReads = /\/api\/v1\/(users\/me|start-up)$/;
  await page.route(profileReads, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The profile store is unavailable', code: 'INTERNAL_ERROR' }),
    }),
  );
  const report = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/1/envelope/' && request.method() === 'POST',
  );

  // A fresh load, so the profile is not already cached.
  await page.goto('/profile');
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText('The profile store is unavailable');
  await expect(alert.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
  expect((await (await report).response())?.ok()).toBe(true);

  await page.unroute(profileReads);
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});
