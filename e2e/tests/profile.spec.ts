import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { tasksApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { addSessionCookies, createUser, openAppAsNewUser, type TokenPair } from '../support/users';

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

/** The profile's bar for one limit, found by its label. */
function usageBar(page: Page, label: string) {
  return page.getByRole('progressbar', { name: label, exact: true });
}

test('plan usage counts what the user has, and a refused list shows the limit', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  const plan = page.getByRole('region', { name: 'Plan and usage' });
  await expect(plan.getByText('You are on the Free plan.')).toBeVisible();
  await expect(plan.getByText('0 of 20 lists')).toBeVisible();
  await expect(usageBar(page, 'Lists')).toHaveAttribute('aria-valuemax', '20');
  await expect(plan.getByText('0 B of 100 MB')).toBeVisible();

  const api = tasksApi(page, baseURL, user.tokens.accessToken.token);
  await api.createList('Errands');
  await page.reload();
  await expect(plan.getByText('1 of 20 lists')).toBeVisible();
  await expect(usageBar(page, 'Lists')).toHaveAttribute('aria-valuenow', '1');

  for (let index = 2; index <= 20; index += 1) await api.createList(`List ${index}`);
  await page.reload();
  await expect(plan.getByText('20 of 20 lists')).toBeVisible();
  await expect(plan.getByText('Limit reached: new ones are refused.')).toBeVisible();

  // The 21st list is refused by the API; the toast says why, in the API's words.
  await page.goto('/kanban');
  await page.getByRole('button', { name: 'New list' }).click();
  await page.getByLabel('New list').fill('One too many');
  await page.getByLabel('New list').press('Enter');
  await expect(page.getByText('The Free plan allows 20 lists')).toBeVisible();
});

async function signInElsewhere(page: Page, user: { username: string; password: string }, userAgent: string) {
  const response = await page.request.post(`${baseURL}/auth/token`, {
    headers: { 'User-Agent': userAgent },
    data: { username: user.username, password: user.password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as TokenPair;
}

async function refreshStatus(page: Page, tokens: TokenPair): Promise<number> {
  const response = await page.request.post(`${baseURL}/auth/token/refresh`, {
    data: { refreshToken: tokens.refreshToken.token },
  });
  return response.status();
}

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

test('active sessions list this device; another is signed out, then every one', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  const phone = await signInElsewhere(page, user, IPHONE_SAFARI);
  const laptop = await signInElsewhere(page, user, WINDOWS_FIREFOX);
  await page.reload();

  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  const thisDevice = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  const phoneItem = sessions.getByRole('listitem', { name: 'Safari on iOS' });
  await expect(phoneItem).toContainText('Last used just now');

  await phoneItem.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
  await expect(phoneItem).toHaveCount(0);
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  expect(await refreshStatus(page, phone)).toBe(401);
  // Still gone once the list is read again from the server.
  await page.reload();
  await expect(sessions.getByRole('listitem', { name: 'Firefox on Windows' })).toBeVisible();
  await expect(sessions.getByRole('listitem', { name: 'Safari on iOS' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out everywhere…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await refreshStatus(page, laptop)).toBe(401);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
});

test('the export downloads a zip that imports into another account after a dry run', async ({
  page,
  context,
}) => {
  const owner = await openAppAsNewUser(page, baseURL, '/profile');
  await tasksApi(page, baseURL, owner.tokens.accessToken.token).createList('Moving house');
  const downloadStarted = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const path = await download.path();
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(page.getByText(`Your data was saved as ${download.suggestedFilename()}.`)).toBeVisible();

  // A second account, on the same browser.
  const other = await createUser(page.request, baseURL);
  await context.clearCookies();
  await addSessionCookies(context, baseURL, {
    accessToken: other.tokens.accessToken.token,
    refreshToken: other.tokens.refreshToken.token,
  });
  await page.goto('/profile');
  const plan = page.getByRole('region', { name: 'Plan and usage' });
  await expect(plan.getByText('0 of 20 lists')).toBeVisible();

  await page.getByRole('button', { name: 'Import data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import data' });
  await dialog.getByLabel('File').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/zip',
    buffer: bytes,
  });
  await expect(dialog.getByLabel('Format')).toHaveValue('cairn');
  await dialog.getByRole('button', { name: 'Check file' }).click();

  const counts = dialog.getByRole('list', { name: 'Items to import' });
  await expect(counts.getByRole('listitem').filter({ hasText: 'Lists' })).toContainText('1');
  // The dry run changed nothing.
  const listNames = async () => {
    const response = await page.request.get(`${baseURL}/api/v1/lists`, {
      headers: { Authorization: `Bearer ${other.tokens.accessToken.token}` },
    });
    const body = (await response.json()) as { items: { name: string }[] };
    return body.items.map((list) => list.name);
  };
  expect(await listNames()).toEqual([]);

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Imported /)).toBeVisible();
  // Every screen's data was refreshed: the usage counts the imported list without a reload.
  await expect(plan.getByText('1 of 20 lists')).toBeVisible();
  expect(await listNames()).toEqual(['Moving house']);
});

test('a file that is not an export is refused inside the import dialog', async ({ page }) => {
  await openAppAsNewUser(page, baseURL, '/profile');
  await page.getByRole('button', { name: 'Import data…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import data' });
  await dialog.getByLabel('File').setInputFiles({
    name: 'not-an-export.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('this is not a zip file'),
  });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
});

test('the theme chosen on the profile is the one the account menu shows', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openAppAsNewUser(page, baseURL, '/profile');
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await theme.getByText('Dark').click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(theme.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  // Keyboard: the radios move with the arrow keys.
  await theme.getByRole('radio', { name: 'Light' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test.describe('with e-mail verification on', () => {
  test.use({ server: 'strict' });

  test('a new e-mail address asks to be verified', async ({ page, appUrl }) => {
    const user = await createUser(page.request, appUrl);
    await addSessionCookies(page.context(), appUrl, {
      accessToken: user.tokens.accessToken.token,
      refreshToken: user.tokens.refreshToken.token,
    });
    await page.goto('/profile');
    await page.getByLabel('E-mail').fill(`new-${user.email}`);
    await page.getByRole('button', { name: 'Save changes' }).click();

    const note = page.getByRole('status').filter({ hasText: 'Check your inbox to verify the new address' });
    await expect(note).toContainText(`new-${user.email}`);
    await expect(note.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      /^\/verify-email\?email=new-/,
    );
  });
});
