import type { Browser, Page } from '@playwright/test';
import { readInstanceAdmin, signIn } from '../support/admin';
import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { addSessionCookies, createUser, openAppAsNewUser, type TokenPair } from '../support/users';

/**
 * The admin screen. The main server's administrator is its first account, made by the global setup
 * before any spec runs (support/admin.ts), so it is the same account whatever order the specs run in;
 * every user these tests make is an ordinary one.
 */
const baseURL = serverUrl('main');

async function openAsAdmin(page: Page, path: string) {
  const admin = await readInstanceAdmin('main');
  const tokens = await signIn(page.request, baseURL, admin);
  await addSessionCookies(page.context(), baseURL, {
    accessToken: tokens.accessToken.token,
    refreshToken: tokens.refreshToken.token,
  });
  await page.goto(path);
}

/** A second browser with the user signed in and the app open on `path`. */
async function openAsUser(browser: Browser, tokens: TokenPair, path: string) {
  const context = await browser.newContext({ baseURL });
  await addSessionCookies(context, baseURL, {
    accessToken: tokens.accessToken.token,
    refreshToken: tokens.refreshToken.token,
  });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** Rows change before the server answers; this waits for the answer itself. */
function adminUserSaved(page: Page) {
  return page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().includes('/api/v1/admin/users/'),
  );
}

function userRow(page: Page, username: string) {
  return page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: username });
}

test('an admin moves a user to Premium, and the user’s profile shows no limits', async ({
  page,
  browser,
}) => {
  const user = await createUser(page.request, baseURL);
  await openAsAdmin(page, `/admin?search=${user.username}`);
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }),
  ).toHaveAttribute('aria-current', 'page');

  const row = userRow(page, user.username);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(user.email);
  const plan = row.getByLabel(`Plan of ${user.username}`);
  await expect(plan).toHaveValue('free');
  const saved = adminUserSaved(page);
  await plan.selectOption('premium');
  expect((await saved).status()).toBe(200);

  // The change is the server's, not only the screen's.
  await page.reload();
  await expect(userRow(page, user.username).getByLabel(`Plan of ${user.username}`)).toHaveValue('premium');

  const userPage = await openAsUser(browser, user.tokens, '/profile');
  const usage = userPage.getByRole('list', { name: 'Limits of your plan' });
  await expect(userPage.getByText('You are on the Premium plan.')).toBeVisible();
  await expect(usage.getByRole('listitem').filter({ hasText: 'Lists' })).toContainText('Unlimited');
  await userPage.context().close();
});

test('a disabled user’s open page goes to the login page on its next request', async ({ page, browser }) => {
  const user = await createUser(page.request, baseURL);
  const userPage = await openAsUser(browser, user.tokens, '/profile');
  await expect(userPage.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  await openAsAdmin(page, `/admin?search=${user.username}`);
  const row = userRow(page, user.username);
  await row.getByRole('button', { name: `Disable ${user.username}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Disable ${user.username}?` });
  // Cancel has the focus, so Enter alone disables no one.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  let saved = adminUserSaved(page);
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(row.getByRole('button', { name: `Enable ${user.username}` })).toBeVisible();
  expect((await saved).status()).toBe(200);

  // Its next request, a move to another screen, finds the tokens dead.
  await userPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notebook' }).click();
  await expect(userPage).toHaveURL(/\/login/);
  const login = await page.request.post(`${baseURL}/auth/token`, {
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(403);

  // Enabled again, the account signs in as before.
  saved = adminUserSaved(page);
  await row.getByRole('button', { name: `Enable ${user.username}` }).click();
  await page
    .getByRole('alertdialog', { name: `Enable ${user.username}?` })
    .getByRole('button', { name: 'Enable' })
    .click();
  await expect(row.getByRole('button', { name: `Disable ${user.username}` })).toBeVisible();
  expect((await saved).status()).toBe(200);
  await signIn(page.request, baseURL, user);
  await userPage.context().close();
});

test('a refused change is undone on screen and a toast says what failed', async ({ page }) => {
  const user = await createUser(page.request, baseURL);
  await openAsAdmin(page, `/admin?search=${user.username}`);
  const plan = userRow(page, user.username).getByLabel(`Plan of ${user.username}`);
  await expect(plan).toHaveValue('free');

  // The account goes away while the admin looks at it.
  const deleted = await page.request.delete(`${baseURL}/api/v1/users/me`, {
    headers: { Authorization: `Bearer ${user.tokens.accessToken.token}` },
    data: { password: user.password },
  });
  expect(deleted.status()).toBe(204);

  await plan.selectOption('premium');
  await expect(page.getByText(`Could not move ${user.username} to the Premium plan`)).toBeVisible();
  await expect(plan).toHaveValue('free');
});

test('the search and the sections live in the address and work from the keyboard', async ({ page }) => {
  const users = await Promise.all([createUser(page.request, baseURL), createUser(page.request, baseURL)]);
  await openAsAdmin(page, '/admin');
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(users[0].username);
  await expect(page).toHaveURL(new RegExp(`search=${users[0].username}`));
  await expect(page.getByRole('region', { name: 'Users' }).getByRole('row')).toHaveCount(2);
  await expect(userRow(page, users[0].username)).toHaveCount(1);

  // Each section has its own address; the search comes back with the Users tab.
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await sections.getByRole('link', { name: 'Error reports' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=errors/);
  await expect(page.getByRole('heading', { name: 'Error reports', level: 2 })).toBeVisible();

  await sections.getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Schedules' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Schedules' }).getByRole('row').nth(1)).toBeVisible();

  await sections.getByRole('link', { name: 'Currency rates' }).click();
  // A currency no other spec converts with: the database is shared.
  await page.getByRole('searchbox', { name: 'Find a currency' }).fill('ISK');
  const krona = page.getByRole('region', { name: 'Currency rates' }).getByRole('row', { name: /^ISK / });
  await krona.getByRole('button', { name: 'Set the rate of ISK' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set the rate of ISK' });
  await dialog.getByLabel('Rate').fill('not a number');
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(dialog.getByLabel('Rate')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Rate').fill('138.5');
  await dialog.getByRole('button', { name: 'Save rate' }).click();
  await expect(dialog).toBeHidden();
  await expect(krona).toContainText('138.500000');

  await sections.getByRole('link', { name: 'Users' }).click();
  await expect(search).toHaveValue(users[0].username);

  await page.goto('/admin?tab=nonsense');
  await expect(page.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
});

test('an error the web app reports shows in the inbox, its stack opening on demand', async ({ page }) => {
  const message = `Cannot read properties of undefined (${Date.now()})`;
  const event = {
    exception: {
      values: [
        {
          type: 'TypeError',
          value: message,
          stacktrace: {
            frames: [
              { filename: `${baseURL}/assets/index.js`, function: 'renderBoard', lineno: 12, colno: 7 },
            ],
          },
        },
      ],
    },
    request: { url: `${baseURL}/kanban` },
    release: 'cairn@e2e',
    contexts: { browser: { name: 'Chrome', version: '131' } },
  };
  const envelope = [JSON.stringify({}), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
  const sent = await page.request.post(`${baseURL}/api/1/envelope`, {
    headers: { 'Content-Type': 'text/plain' },
    data: envelope,
  });
  expect(sent.status()).toBe(200);

  await openAsAdmin(page, '/admin?tab=errors');
  const report = page
    .getByRole('list', { name: 'Error reports' })
    .getByRole('listitem')
    .filter({ hasText: message });
  await expect(report).toContainText(`${baseURL}/kanban`);
  await expect(report).toContainText('cairn@e2e');
  await expect(report).toContainText('Chrome 131');
  const stack = report.getByText('at renderBoard');
  await expect(stack).toBeHidden();
  await report.getByText('Stack trace').click();
  await expect(stack).toBeVisible();
});

test('a non-admin sees no Admin entry, and /admin is Page Not Found', async ({ page }) => {
  await openAppAsNewUser(page, baseURL, '/profile');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin?tab=jobs');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
