import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import preloadScript from '../../public/signed-in-preload.js?raw';
import { ACCESS_TOKEN_COOKIE, clearTokens, REFRESH_TOKEN_COOKIE } from './auth-tokens';

/** The script index.html runs as the page opens (public/signed-in-preload.js), run as the browser runs it. */
const runPreloadScript = () => new Function(preloadScript)();

const preloaded = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('the signed-in preloads index.html starts', () => {
  beforeEach(() => {
    // As the build lists them (signed-in-preloads.ts).
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="cairn-frame-files" content="/assets/signed-in-frame-a1.js /assets/tailwind-merge-b2.js" />' +
        '<meta name="cairn-home-files" content="/assets/-home-page-c3.js" />',
    );
    Cookies.set(ACCESS_TOKEN_COOKIE, 'token', { path: '/' });
  });

  afterEach(() => {
    document.head.replaceChildren();
    clearTokens();
    window.history.replaceState(null, '', '/');
  });

  it('fetches the frame and the home page for a visitor with a session opening /', () => {
    window.history.replaceState(null, '', '/');
    runPreloadScript();
    expect(preloaded()).toEqual([
      '/assets/signed-in-frame-a1.js',
      '/assets/tailwind-merge-b2.js',
      '/assets/-home-page-c3.js',
    ]);
    const [link] = document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]');
    // Fetched as the app's module scripts are, or the browser would fetch them a second time.
    expect(link?.crossOrigin).toBe('');
  });

  it('fetches only the frame on any other signed-in screen, with a refresh token alone too', () => {
    Cookies.remove(ACCESS_TOKEN_COOKIE, { path: '/' });
    Cookies.set(REFRESH_TOKEN_COOKIE, 'refresh', { path: '/' });
    window.history.replaceState(null, '', '/kanban');
    runPreloadScript();
    expect(preloaded()).toEqual(['/assets/signed-in-frame-a1.js', '/assets/tailwind-merge-b2.js']);
  });

  it('fetches nothing without a session, nor on the pages a signed-out visitor opens', () => {
    for (const path of ['/login', '/signup', '/verify-email', '/account/deleted']) {
      window.history.replaceState(null, '', path);
      runPreloadScript();
    }
    window.history.replaceState(null, '', '/');
    clearTokens();
    runPreloadScript();
    expect(preloaded()).toEqual([]);
  });
});
