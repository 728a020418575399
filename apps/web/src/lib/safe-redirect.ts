/**
 * The path to return to after login, only when it stays on this site: a relative path, never
 * `//host` or `/\host` (both leave the site), and never the login page itself.
 */
export function getSafeRedirectPath(
  redirect: string | undefined,
  origin = window.location.origin,
): string | null {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
