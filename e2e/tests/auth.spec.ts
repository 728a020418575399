import { expect, test } from '../support/test';
import { addSessionCookies, createUser, getCookie, newUserDetails, openAppAsNewUser } from '../support/users';

test('signing up lands on the home page, signed in', async ({ page, context, appUrl: baseURL }) => {
  const user = newUserDetails();
  await page.goto('/signup');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(user.username);
  expect(await getCookie(context, 'accessToken')).toBeTruthy();
  expect(await getCookie(context, 'refreshToken')).toBeTruthy();
});

test('sign-up explains what is wrong with each field', async ({ page, appUrl: baseURL }) => {
  await page.goto('/signup');
  await page.getByLabel('E-mail').fill('not-an-address');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/signup`);
});

test('a taken username is reported beside the field', async ({ page, request, appUrl: baseURL }) => {
  const existing = await createUser(request, baseURL);
  await page.goto('/signup');
  await page.getByLabel('Username').fill(existing.username);
  await page.getByLabel('E-mail').fill(`other-${existing.email}`);
  await page.getByLabel('Password').fill(existing.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
});

test('logging out returns to the login page and ends the session', async ({
  page,
  context,
  appUrl: baseURL,
}) => {
  await openAppAsNewUser(page, baseURL);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const logout = page.waitForRequest((request) => request.url().endsWith('/auth/logout'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await logout;

  await expect(page).toHaveURL(`${baseURL}/login`);
  expect(await getCookie(context, 'accessToken')).toBeUndefined();
  expect(await getCookie(context, 'refreshToken')).toBeUndefined();

  await page.goto('/');
  await expect(page).toHaveURL(`${baseURL}/login?redirect=%2F`);
});

test('a guarded page sends a signed-out visitor to log in, then back', async ({
  page,
  request,
  appUrl: baseURL,
}) => {
  const user = await createUser(request, baseURL);
  await page.goto('/profile?tab=security');

  await expect(page).toHaveURL(`${baseURL}/login?redirect=${encodeURIComponent('/profile?tab=security')}`);
  await page.getByLabel('Username or e-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(`${baseURL}/profile?tab=security`);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('a redirect to another site is ignored after login', async ({ page, request, appUrl: baseURL }) => {
  const user = await createUser(request, baseURL);
  await page.goto(`/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(`${baseURL}/`);
});

test('wrong credentials show the server message', async ({ page, request, appUrl: baseURL }) => {
  const user = await createUser(request, baseURL);
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password').fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/login`);
});

test('the login page sends a signed-in user on to the app', async ({ page, appUrl: baseURL }) => {
  await openAppAsNewUser(page, baseURL);
  await page.goto('/login');
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('/home always goes to the login page', async ({ page, appUrl: baseURL }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(`${baseURL}/login`);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveTitle('Log in · Cairn');
});

test('without an access token the guard signs in again with the refresh token', async ({
  page,
  context,
  appUrl: baseURL,
}) => {
  const user = await createUser(page.request, baseURL);
  await addSessionCookies(context, baseURL, { refreshToken: user.tokens.refreshToken.token });

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  expect(await getCookie(context, 'accessToken')).toBeTruthy();
  expect(await getCookie(context, 'refreshToken')).not.toBe(user.tokens.refreshToken.token);
});

test('an invalid refresh token sends the user to log in', async ({ page, context, appUrl: baseURL }) => {
  await addSessionCookies(context, baseURL, { refreshToken: 'not-a-real-token' });

  await page.goto('/profile');
  await expect(page).toHaveURL(`${baseURL}/login?redirect=%2Fprofile`);
  expect(await getCookie(context, 'refreshToken')).toBeUndefined();
});

test('an access token the server rejects ends the session', async ({ page, context, appUrl: baseURL }) => {
  const user = await createUser(page.request, baseURL);
  await addSessionCookies(context, baseURL, {
    accessToken: 'forged.token.value',
    refreshToken: user.tokens.refreshToken.token,
  });

  await page.goto('/profile');
  await expect(page).toHaveURL(`${baseURL}/login?redirect=%2Fprofile`);
  expect(await getCookie(context, 'accessToken')).toBeUndefined();
  expect(await getCookie(context, 'refreshToken')).toBeUndefined();
});
