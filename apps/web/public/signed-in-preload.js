// Starts fetching the signed-in frame's code as the page opens, for a visitor with a session: the
// files the build lists in the page's meta tags (signed-in-preloads.ts), with the home page's own
// on / and /start, the screen the app opens on. Without this,
// they are asked for only once the app's own code has arrived and run, and the first paint waits on
// that second round. Kept in sync with src/lib/auth-tokens.ts (cookie names) and the public routes.
(() => {
  try {
    // Pages a signed-out visitor opens, which never show the frame.
    if (/^\/(login|signup|verify-email|home|account\/deleted)(\/|$)/.test(window.location.pathname)) return;
    const hasSession = document.cookie
      .split('; ')
      .some((cookie) => /^(accessToken|refreshToken)=./.test(cookie));
    if (!hasSession) return;
    const listed = (name) => document.querySelector(`meta[name="${name}"]`)?.content.split(' ') ?? [];
    const isHome = /^\/(start\/?)?$/.test(window.location.pathname);
    const files = [...listed('cairn-frame-files'), ...(isHome ? listed('cairn-home-files') : [])];
    for (const href of files) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      // As the app's own scripts are fetched, so the browser reuses these when the app imports them.
      link.crossOrigin = '';
      document.head.append(link);
    }
  } catch {
    // Blocked cookies or an old browser: the app fetches the files itself, a little later.
  }
})();
