import type { ErrorCode } from '@cairn/contracts/errors';
import { getAccessToken } from './auth-tokens';
import { getEnv } from './env';
import { reportError } from './error-reporting';
import { httpErrorFrom, readErrorBody, SchemaValidationError, SessionEndedError } from './errors';
import { reviveDates } from './revive-dates';
import { endSession, refreshSession } from './session';

/**
 * The contract's TIMEZONE_HEADER (@cairn/contracts/common, kept equal by api-client.test.ts), written out
 * because importing the contract would bring its schema library onto every page.
 */
const TIMEZONE_HEADER = 'x-timezone';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a response is checked against: a contract's zod schema, or anything with the same `safeParse`.
 * Typed structurally so this module (on every page, the login page included) does not need zod.
 */
export interface ResponseSchema<Output> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

export interface ApiRequestOptions<Output> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * The contract schema of a successful response; `noContentSchema` for 204 answers. May be a promise
   * (a contract imported lazily), awaited once the answer is in.
   */
  schema: ResponseSchema<Output> | Promise<ResponseSchema<Output>>;
  /** Public endpoints (login, sign-up) send no token and never touch the session. Default true. */
  isAuthenticated?: boolean;
  /** A 401 or 403 here means the session is gone (the users/me call, spec section 8). */
  endsSessionOnAuthFailure?: boolean;
  signal?: AbortSignal;
}

/** For endpoints answering 204 No Content. */
export const noContentSchema: ResponseSchema<undefined> = {
  safeParse: (data) =>
    data === undefined
      ? { success: true, data }
      : { success: false, error: { issues: [{ path: [], message: 'Expected no content' }] } },
};

/** How long the browser's zone is taken as read: asking Intl costs a formatter each time. */
const TIME_ZONE_READ_MS = 60_000;
let timeZoneRead: { zone: string; at: number } | undefined;

/**
 * The browser's IANA time zone. Every card and row asks for it as it renders, and Intl builds a
 * formatter to answer, so the answer is kept for a minute: a zone changed in the system shows up
 * within that minute.
 */
export function getBrowserTimeZone(): string {
  const now = Date.now();
  if (!timeZoneRead || now - timeZoneRead.at > TIME_ZONE_READ_MS) {
    timeZoneRead = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  }
  return timeZoneRead.zone;
}

/**
 * The one way the app talks to the API: bearer token, the browser's time zone, JSON bodies, and the
 * response checked against its contract after reviving ISO instants into Dates. A contract mismatch is
 * reported and the data used anyway, so a harmless server change never blanks a screen.
 */
export async function apiRequest<Output>(path: string, options: ApiRequestOptions<Output>): Promise<Output> {
  const { method = 'GET', isAuthenticated = true } = options;
  const schemaReady = Promise.resolve(options.schema);
  // A request that fails first never reads the schema; its loading failure must not go unhandled.
  schemaReady.catch(() => undefined);
  const tokenUsed = isAuthenticated ? getAccessToken() : undefined;
  let response = await send(path, options, tokenUsed);

  if (isAuthenticated && response.status === 401) {
    const { code } = (await readErrorBody(response)) ?? {};
    if (code === 'ACCESS_TOKEN_EXPIRED') {
      response = await send(path, options, await getFreshAccessToken(tokenUsed));
    }
  }

  if (isAuthenticated && isSessionFailure(response.status, options)) {
    const { error, code } = (await readErrorBody(response)) ?? {};
    if (options.endsSessionOnAuthFailure || (code !== undefined && sessionEndingCodes.has(code))) {
      await endSession('expired');
      throw new SessionEndedError(error ?? `${method} ${path} answered ${response.status}`);
    }
  }

  if (!response.ok) throw await httpErrorFrom(response);

  const data = response.status === 204 ? undefined : reviveDates(await readJson(response));
  const result = (await schemaReady).safeParse(data);
  if (result.success) return result.data;

  reportError(new SchemaValidationError(`${method} ${path}`, result.error.issues), { path, method });
  // Spec section 5: a mismatch is reported and the data is used anyway.
  return data as Output;
}

/** A 401 with one of these codes means the tokens are no good any more (spec section 8). */
const sessionEndingCodes: ReadonlySet<ErrorCode> = new Set([
  'INVALID_TOKEN',
  'UNAUTHORIZED',
  'ACCESS_TOKEN_EXPIRED',
]);

function isSessionFailure(status: number, options: ApiRequestOptions<unknown>): boolean {
  return status === 401 || (status === 403 && options.endsSessionOnAuthFailure === true);
}

/**
 * The token a request should retry with. When a refresh already replaced the token this request used,
 * the new one is taken as is; otherwise one refresh runs, shared by every request waiting on it.
 */
async function getFreshAccessToken(tokenUsed: string | undefined): Promise<string> {
  const current = getAccessToken();
  if (current && current !== tokenUsed) return current;
  try {
    return await refreshSession();
  } catch (error) {
    if (error instanceof SessionEndedError) await endSession('expired');
    throw error;
  }
}

function send(
  path: string,
  options: ApiRequestOptions<unknown>,
  token: string | undefined,
): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', [TIMEZONE_HEADER]: getBrowserTimeZone() });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(`${getEnv().apiUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}
