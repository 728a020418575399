import { getBrowserTimeZone } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-tokens';
import { getEnv } from '../../../lib/env';
import { readErrorBody, SessionEndedError } from '../../../lib/errors';
import { endSession, refreshSession } from '../../../lib/session';

/**
 * Sends a request the JSON client cannot (files up, bytes down) with the same session handling: the
 * bearer token and time zone, one refresh and one retry when the token has expired, and the session
 * ended when the tokens are no good any more.
 */
export async function sendWithSession<Result extends { status: number }>(
  send: (headers: Headers) => Promise<Result>,
  readError: (result: Result) => Promise<{ code?: string } | undefined>,
): Promise<Result> {
  const tokenUsed = getAccessToken();
  let result = await send(sessionHeaders(tokenUsed));
  if (result.status !== 401) return result;

  const { code } = (await readError(result)) ?? {};
  if (code === 'ACCESS_TOKEN_EXPIRED') {
    const current = getAccessToken();
    let token: string;
    try {
      token = current && current !== tokenUsed ? current : await refreshSession();
    } catch (error) {
      if (error instanceof SessionEndedError) await endSession('expired');
      throw error;
    }
    result = await send(sessionHeaders(token));
    if (result.status !== 401) return result;
  }
  const { code: finalCode } = (await readError(result)) ?? {};
  if (finalCode === 'INVALID_TOKEN' || finalCode === 'UNAUTHORIZED' || finalCode === 'ACCESS_TOKEN_EXPIRED') {
    await endSession('expired');
    throw new SessionEndedError('The session has ended');
  }
  return result;
}

function sessionHeaders(token: string | undefined): Headers {
  const headers = new Headers({ 'x-timezone': getBrowserTimeZone() });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** A fetch against the API with the session's token; the response is returned as is. */
export function fetchWithSession(path: string, init: RequestInit = {}): Promise<Response> {
  return sendWithSession(
    (headers) => fetch(`${getEnv().apiUrl}${path}`, { ...init, headers }),
    (response) => readErrorBody(response),
  );
}
