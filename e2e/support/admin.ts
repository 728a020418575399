import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { paths, type ServerName, serverUrl } from './environment';
import { newUserDetails, type TestUser, type TokenPair } from './users';

/**
 * The first account of an instance is its administrator. The specs share each server's database and
 * run in any order, so no spec can count on making that first account itself: the global setup makes
 * it before any spec starts (createInstanceAdmin) and leaves its details here for the specs to sign
 * in with (readInstanceAdmin). Every account a spec makes is then an ordinary user.
 */
function adminFile(server: ServerName): string {
  return path.join(paths.tmp, `admin-${server}.json`);
}

/** Signs up the server's first account and checks it came out as the administrator. */
export async function createInstanceAdmin(server: ServerName): Promise<void> {
  const baseURL = serverUrl(server);
  const details = { ...newUserDetails(), username: `admin-${server}` };
  const signup = await fetch(`${baseURL}/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(details),
  });
  if (!signup.ok) throw new Error(`The ${server} server's admin signup answered ${signup.status}`);
  const tokens = (await signup.json()) as Partial<TokenPair>;
  const me = await fetch(`${baseURL}/api/v1/users/me`, {
    headers: { Authorization: `Bearer ${tokens.accessToken?.token}` },
  });
  const user = (await me.json()) as { isAdmin?: boolean };
  if (!user.isAdmin) throw new Error(`The ${server} server's first account is not its administrator`);
  await writeFile(adminFile(server), JSON.stringify(details));
}

export async function readInstanceAdmin(server: ServerName): Promise<TestUser> {
  return JSON.parse(await readFile(adminFile(server), 'utf8')) as TestUser;
}

/** Signs in with a password, as the login page does, and returns the new tokens. */
export async function signIn(
  request: APIRequestContext,
  baseURL: string,
  user: { username: string; password: string },
): Promise<TokenPair> {
  const response = await request.post(`${baseURL}/auth/token`, {
    data: { username: user.username, password: user.password },
  });
  if (!response.ok()) throw new Error(`Signing in as ${user.username} answered ${response.status()}`);
  return (await response.json()) as TokenPair;
}
