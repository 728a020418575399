import { serverUrl } from '../support/environment';
import { waitForVerificationLink } from '../support/mailbox';
import { expect, test } from '../support/test';
import { getCookie, newUserDetails } from '../support/users';

// The strict server requires e-mail verification and sends its mail to the test SMTP listener.
const baseURL = serverUrl('strict');
test.use({ baseURL });

test('sign-up asks to check the e-mail; its link verifies and signs in', async ({ page, context }) => {
  const user = newUserDetails();
  const startedAt = Date.now();
  await page.goto('/signup');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  expect(await getCookie(context, 'accessToken')).toBeUndefined();

  // Logging in before verifying explains why it does not work.
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not verified' })).toBeVisible();

  const link = await waitForVerificationLink(user.email, { after: startedAt });
  expect(link.origin).toBe(baseURL);
  await page.goto(link.toString());

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(user.username);
  expect(await getCookie(context, 'accessToken')).toBeTruthy();
});

test('a bad verification link says so and offers a new one', async ({ page }) => {
  await page.goto('/verify-email?token=not-a-real-token');

  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\?token=/);
});

test('a new verification link can be requested', async ({ page }) => {
  const user = newUserDetails();
  const signup = await page.request.post(`${baseURL}/auth/signup`, { data: user });
  expect(signup.status()).toBe(201);
  await waitForVerificationLink(user.email);

  const resentAfter = Date.now();
  await page.goto(`/verify-email?email=${encodeURIComponent(user.email)}`);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText('a new link is on its way')).toBeVisible();

  const link = await waitForVerificationLink(user.email, { after: resentAfter });
  await page.goto(link.toString());
  await expect(page).toHaveURL(`${baseURL}/`);
});
