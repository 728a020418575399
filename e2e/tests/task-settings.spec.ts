import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

function isSettingsSave(request: { url(): string; method(): string }) {
  return request.method() === 'PATCH' && request.url().endsWith('/api/v1/task-manager-config');
}

async function readSavedSettings(page: Page, accessToken: string) {
  const response = await page.request.get(`${baseURL}/api/v1/task-manager-config`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

test('the daily limit and work hours are saved, alone, and kept after a reload', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  // The profile's own link, not the sidebar's.
  await page.getByRole('main').getByRole('link', { name: 'Task settings' }).click();
  await expect(page).toHaveURL(`${baseURL}/settings/tasks`);
  await expect(page.getByRole('heading', { name: 'Task settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Daily limit')).toHaveValue('0');

  await page.getByLabel('Daily limit').fill('12');
  await page.getByLabel('Work day starts').fill('08:30');
  await page.getByLabel('Work day ends').fill('16:45');
  const saved = page.waitForRequest(isSettingsSave);
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Only what changed is sent.
  expect((await saved).postDataJSON()).toEqual({
    dailyLimit: 12,
    workDayStart: '08:30',
    workDayEnd: '16:45',
  });
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

  await page.reload();
  await expect(page.getByLabel('Daily limit')).toHaveValue('12');
  await expect(page.getByLabel('Work day starts')).toHaveValue('08:30');
  await expect(page.getByLabel('Work day ends')).toHaveValue('16:45');
  expect(await readSavedSettings(page, user.tokens.accessToken.token)).toMatchObject({
    dailyLimit: 12,
    workDayStart: '08:30',
    workDayEnd: '16:45',
    isBatchEnabled: false,
    allowPastOccurrences: true,
  });
});

test('a work day that ends before it starts is refused and nothing is saved', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL, '/settings/tasks');
  const saves: string[] = [];
  page.on('request', (request) => {
    if (isSettingsSave(request)) saves.push(request.postData() ?? '');
  });

  await page.getByLabel('Work day starts').fill('17:00');
  await page.getByLabel('Work day ends').fill('09:00');
  await page.getByRole('switch', { name: 'Batch editing' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('The work day must end after it starts.')).toBeVisible();
  await expect(page.getByLabel('Work day ends')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Work day ends')).toBeFocused();
  expect(saves).toEqual([]);

  await page.reload();
  await expect(page.getByLabel('Work day starts')).toHaveValue('');
  await expect(page.getByRole('switch', { name: 'Batch editing' })).not.toBeChecked();
  expect(await readSavedSettings(page, user.tokens.accessToken.token)).toMatchObject({
    workDayStart: null,
    workDayEnd: null,
    isBatchEnabled: false,
  });
});

test('with classic list as the default view, / leads there at once', async ({ page }) => {
  await openAppAsNewUser(page, baseURL, '/settings/tasks');

  await page.getByLabel('Default view').selectOption({ label: 'Classic list' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

  // The logo leads to /, whose redirect reads the settings the save just put in the cache.
  await page.getByRole('link', { name: 'Cairn', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/classic-list`);

  await page.goto('/');
  await expect(page).toHaveURL(`${baseURL}/classic-list`);
});
