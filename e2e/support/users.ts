import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { waitForVerificationLink } from './mailbox';

export const TEST_PASSWORD = 'Correct-Horse-9';

export interface TokenPair {
  accessToken: { token: string; expiresAt: string };
  refreshToken: { token: string; expiresAt: string };
}

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

export function newUserDetails(): TestUser {
  const username = `user-${randomUUID().slice(0, 12)}`;
  return { username, email: `${username}@example.test`, password: TEST_PASSWORD };
}

async function postJson<Body>(request: APIRequestContext, url: string, data: unknown): Promise<Body> {
  const response = await request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

/**
 * Signs a new user up through the API and returns their tokens. On a server that requires e-mail
 * verification, the link from the test mailbox is used to verify, which also signs in.
 */
export async function createUser(
  request: APIRequestContext,
  baseURL: string,
  details: TestUser = newUserDetails(),
): Promise<TestUser & { tokens: TokenPair }> {
  const startedAt = Date.now();
  const signup = await postJson<Partial<TokenPair> & { requiresEmailVerification: boolean }>(
    request,
    `${baseURL}/auth/signup`,
    details,
  );
  if (!signup.requiresEmailVerification && signup.accessToken && signup.refreshToken) {
    return { ...details, tokens: { accessToken: signup.accessToken, refreshToken: signup.refreshToken } };
  }
  const link = await waitForVerificationLink(details.email, { after: startedAt });
  const tokens = await postJson<TokenPair>(request, `${baseURL}/auth/verify-email`, {
    token: link.searchParams.get('token'),
  });
  return { ...details, tokens };
}

/** Signs an existing user in through the API: a new pair, in a new token family. */
export async function signIn(
  request: APIRequestContext,
  baseURL: string,
  user: TestUser,
): Promise<TokenPair> {
  return postJson<TokenPair>(request, `${baseURL}/auth/token`, {
    username: user.username,
    password: user.password,
  });
}

/** Stores the tokens the way the app does: cookies readable by its scripts, for the whole site. */
export async function addSessionCookies(
  context: BrowserContext,
  baseURL: string,
  tokens: { accessToken?: string; refreshToken?: string },
): Promise<void> {
  const cookies = Object.entries(tokens)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ({ name, value, url: baseURL, sameSite: 'Lax' as const }));
  await context.addCookies(cookies);
}

/** A new user, signed in, with the app open on `path`. */
export async function openAppAsNewUser(page: Page, baseURL: string, path = '/') {
  const user = await createUser(page.request, baseURL);
  await addSessionCookies(page.context(), baseURL, {
    accessToken: user.tokens.accessToken.token,
    refreshToken: user.tokens.refreshToken.token,
  });
  await page.goto(path);
  return user;
}

export async function getCookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name)?.value;
}
