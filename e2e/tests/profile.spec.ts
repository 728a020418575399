import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

async function pick(page: Page, label: string, search: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  // The open picker's search field; the page has other comboboxes (the default view's select).
  await page.getByRole('combobox', { name: /^Search / }).fill(search);
  await page.getByRole('option', { name: option }).click();
}

test('profile changes are saved and shown after a reload', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(user.username);

  await page.getByLabel('Username').fill(`${user.username}-renamed`);
  await pick(page, 'Currency', 'euro', 'EUR · Euro');
  await pick(page, 'Time zone', 'warsaw', 'Europe/Warsaw');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Username')).toHaveValue(`${user.username}-renamed`);
  await expect(page.getByLabel('Currency', { exact: true })).toContainText('EUR');
  await expect(page.getByLabel('Time zone', { exact: true })).toContainText('Europe/Warsaw');
});

test('the password changes only with the current one', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  const newPassword = 'Another-Secret-7';

  await page.getByLabel('Current password').fill('Not-the-password-1');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();

  const login = await page.request.post(`${baseURL}/auth/token`, {
    data: { username: user.username, password: newPassword },
  });
  expect(login.status()).toBe(200);
  // This session stays usable after the change.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('deleting the account needs the password and ends on the goodbye page', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL, '/profile');

  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('Not-the-password-1');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();

  await expect(page).toHaveURL(`${baseURL}/account/deleted`);
  await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up again' })).toBeVisible();

  const login = await page.request.post(`${baseURL}/auth/token`, {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(401);
});
