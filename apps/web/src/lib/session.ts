import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './auth-tokens';
import { getEnv } from './env';
import { httpErrorFrom, SessionEndedError } from './errors';
import { reviveDates } from './revive-dates';

export type SessionEndReason = 'expired' | 'logged-out' | 'account-deleted';

type SessionEndHandler = (reason: SessionEndReason) => void | Promise<void>;

let sessionEndHandler: SessionEndHandler | undefined;
let refreshInFlight: Promise<string> | undefined;
let isEndingSession = false;

/** The app decides where the user goes when the session ends (the router is not known here). */
export function setSessionEndHandler(handler: SessionEndHandler | undefined): void {
  sessionEndHandler = handler;
}

/** Clears both tokens and hands over to the app, once even when several requests fail together. */
export async function endSession(reason: SessionEndReason): Promise<void> {
  clearTokens();
  if (isEndingSession) return;
  isEndingSession = true;
  try {
    await sessionEndHandler?.(reason);
  } finally {
    isEndingSession = false;
  }
}

/** Revokes the refresh token on the server (best effort) and ends the session. */
export async function logOut(): Promise<void> {
  const refreshToken = getRefreshToken();
  clearTokens();
  if (refreshToken) {
    try {
      await fetch(`${getEnv().apiUrl}/auth/logout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
    } catch {
      // The user is logged out locally either way; the token expires on its own.
    }
  }
  await endSession('logged-out');
}

/**
 * Exchanges the refresh token for new tokens. Only one refresh runs at a time: callers arriving while
 * one is in flight share its result. Rejects with SessionEndedError when there is no refresh token or
 * the server refuses it (401/403); other failures (network, 5xx) are passed on unchanged.
 */
export function refreshSession(): Promise<string> {
  if (!refreshInFlight) {
    const refreshTokenSeen = getRefreshToken();
    refreshInFlight = runExclusively(() => exchangeRefreshToken(refreshTokenSeen)).finally(() => {
      refreshInFlight = undefined;
    });
  }
  return refreshInFlight;
}

/** Guard for authenticated pages: true when there is an access token or one could be obtained. */
export async function ensureSession(): Promise<boolean> {
  if (getAccessToken()) return true;
  try {
    await refreshSession();
    return true;
  } catch {
    return false;
  }
}

/**
 * Refresh tokens rotate and reusing an old one revokes the whole family, so two tabs must never refresh
 * with the same token: the Web Locks API serialises refreshes across tabs of the same origin.
 */
function runExclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  return new Promise<T>((resolve, reject) => {
    locks.request('cairn-session-refresh', () => task().then(resolve, reject)).catch(reject);
  });
}

async function exchangeRefreshToken(refreshTokenSeen: string | undefined): Promise<string> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw new SessionEndedError('There is no refresh token');

  // Another tab refreshed while this one waited for the lock: use its tokens.
  const accessToken = getAccessToken();
  if (refreshTokenSeen !== undefined && refreshToken !== refreshTokenSeen && accessToken) return accessToken;

  // Loaded while the request is under way, so the contracts and their schema library stay off the first load.
  const schemaReady = import('@cairn/contracts/auth').then((contract) => contract.tokenPairSchema);
  // A refused refresh never reads the schema; its loading failure must not go unhandled.
  schemaReady.catch(() => undefined);
  const response = await fetch(`${getEnv().apiUrl}/auth/token/refresh`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  if (response.status === 401 || response.status === 403) {
    clearTokens();
    throw new SessionEndedError('The refresh token was refused');
  }
  if (!response.ok) throw await httpErrorFrom(response);

  const tokens = (await schemaReady).parse(reviveDates(await response.json()));
  storeTokens(tokens);
  return tokens.accessToken.token;
}
