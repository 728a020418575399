import type { TokenPair } from '@cairn/contracts/auth';
import Cookies from 'js-cookie';

export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const REFRESH_TOKEN_COOKIE = 'refreshToken';

/** Spec section 9: path /, secure, SameSite lax, one day. */
function cookieAttributes(): Cookies.CookieAttributes {
  return {
    path: '/',
    // A Secure cookie cannot be stored from a plain-http page, so it is only set when served over https.
    secure: window.location.protocol === 'https:',
    sameSite: 'lax',
    expires: 1,
  };
}

export function getAccessToken(): string | undefined {
  return Cookies.get(ACCESS_TOKEN_COOKIE) || undefined;
}

export function getRefreshToken(): string | undefined {
  return Cookies.get(REFRESH_TOKEN_COOKIE) || undefined;
}

export function storeTokens(tokens: TokenPair): void {
  Cookies.set(ACCESS_TOKEN_COOKIE, tokens.accessToken.token, cookieAttributes());
  Cookies.set(REFRESH_TOKEN_COOKIE, tokens.refreshToken.token, cookieAttributes());
}

export function clearTokens(): void {
  Cookies.remove(ACCESS_TOKEN_COOKIE, { path: '/' });
  Cookies.remove(REFRESH_TOKEN_COOKIE, { path: '/' });
}

export function hasAccessToken(): boolean {
  return getAccessToken() !== undefined;
}
