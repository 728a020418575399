import type { Page } from '@playwright/test';
import { servers } from '../support/environment';
import { expect, test } from '../support/test';
import { addSessionCookies, createUser, getCookie, signIn } from '../support/users';

// The strict server issues access tokens that live five seconds.
test.use({ server: 'strict' });

/**
 * Opens the profile, then swaps in a pair signed in afresh. Its five seconds start once the page has
 * settled: a first load slower than that would otherwise refresh on its own and spoil the premise.
 */
async function openProfileWithShortLivedSession(page: Page, baseURL: string) {
  const user = await createUser(page.request, baseURL);
  await addSessionCookies(page.context(), baseURL, {
    accessToken: user.tokens.accessToken.token,
    refreshToken: user.tokens.refreshToken.token,
  });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const tokens = await signIn(page.request, baseURL, user);
  await addSessionCookies(page.context(), baseURL, {
    accessToken: tokens.accessToken.token,
    refreshToken: tokens.refreshToken.token,
  });
  return { ...user, tokens };
}

async function waitUntilExpired(expiresAt: string) {
  const remaining = new Date(expiresAt).getTime() - Date.now() + 1_000;
  expect(remaining).toBeLessThan((servers.strict.accessTokenTtlSeconds + 2) * 1_000);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}

test('an expired access token is refreshed once for several parallel calls', async ({
  page,
  context,
  appUrl: baseURL,
}) => {
  const user = await openProfileWithShortLivedSession(page, baseURL);
  await waitUntilExpired(user.tokens.accessToken.expiresAt);

  const answers: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/v1/') || url.pathname.startsWith('/auth/')) {
      answers.push({ path: url.pathname, status: response.status() });
    }
  });

  // A fresh load asks for the start-up read (the profile with it) and the currency list at the same
  // time, both with the old token.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Currency')).toContainText('USD');
  await expect
    .poll(
      () => answers.filter((answer) => answer.path === '/api/v1/currencies' && answer.status === 200).length,
    )
    .toBe(1);

  const refreshes = answers.filter((answer) => answer.path === '/auth/token/refresh');
  expect(refreshes).toEqual([{ path: '/auth/token/refresh', status: 200 }]);
  for (const path of ['/api/v1/start-up', '/api/v1/currencies']) {
    expect(answers.filter((answer) => answer.path === path).map((answer) => answer.status)).toEqual([
      401, 200,
    ]);
  }
  expect(await getCookie(context, 'accessToken')).not.toBe(user.tokens.accessToken.token);
  await expect(page).toHaveURL(`${baseURL}/profile`);
});

test('when the refresh is refused mid-session, the user is sent to log in', async ({
  page,
  context,
  appUrl: baseURL,
}) => {
  const user = await openProfileWithShortLivedSession(page, baseURL);
  await addSessionCookies(context, baseURL, { refreshToken: 'revoked-or-forged' });
  await waitUntilExpired(user.tokens.accessToken.expiresAt);

  // The board loads tasks it has not fetched yet, so its first call meets the expired token.
  await page.getByRole('link', { name: 'Kanban' }).first().click();

  await expect(page).toHaveURL(`${baseURL}/login?redirect=%2Fkanban`);
  expect(await getCookie(context, 'accessToken')).toBeUndefined();
  expect(await getCookie(context, 'refreshToken')).toBeUndefined();
});

test('reusing a rotated refresh token ends the session', async ({
  page,
  context,
  request,
  appUrl: baseURL,
}) => {
  const user = await openProfileWithShortLivedSession(page, baseURL);
  // Someone else uses the refresh token first: the browser's copy is now a reused token.
  const stolen = await request.post(`${baseURL}/auth/token/refresh`, {
    data: { refreshToken: user.tokens.refreshToken.token },
  });
  expect(stolen.status()).toBe(200);
  // …and once more, so the browser's copy is no longer the latest rotation a race could explain.
  const again = await request.post(`${baseURL}/auth/token/refresh`, {
    data: { refreshToken: (await stolen.json()).refreshToken.token },
  });
  expect(again.status()).toBe(200);
  await waitUntilExpired(user.tokens.accessToken.expiresAt);

  await page.reload();
  await expect(page).toHaveURL(`${baseURL}/login?redirect=%2Fprofile`);
  expect(await getCookie(context, 'refreshToken')).toBeUndefined();
});
