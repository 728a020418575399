// A user of the API over real HTTP, as the web app or a script would be.
import { randomUUID } from 'node:crypto';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
}

export interface ApiUser {
  username: string;
  password: string;
  accessToken: string;
}

const PASSWORD = 'Reliable-pass1';

/** One request; a dropped connection or a timeout rejects, which a scenario counts as "not acknowledged". */
export async function apiRequest<T = unknown>(
  baseUrl: string,
  options: { method: string; path: string; token?: string; body?: unknown; timeoutMs?: number },
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${options.path}`, {
    method: options.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a CSV, an attachment): the text as it came.
  }
  return { status: response.status, body: body as T };
}

/** Signs a new user up (e-mail verification is off without SMTP) and returns their access token. */
export async function signUpUser(baseUrl: string, prefix = 'user'): Promise<ApiUser> {
  const username = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const response = await apiRequest<{ accessToken?: { token: string } }>(baseUrl, {
    method: 'POST',
    path: '/auth/signup',
    body: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  const token = response.body.accessToken?.token;
  if (response.status !== 201 || !token) {
    throw new Error(`sign-up answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return { username, password: PASSWORD, accessToken: token };
}
