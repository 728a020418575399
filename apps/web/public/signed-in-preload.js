// For a visitor with a session: fetch the signed-in frame's code as the page opens, not once the app
// has run (why and what: ../signed-in-preloads.ts). Cookie names as in src/lib/auth-tokens.ts.
(() => {
  try {
    // The signed-out pages.
    if (/^\/(login|signup|verify-email|home|account\/deleted)(\/|$)/.test(window.location.pathname)) return;
    const hasSession = document.cookie
      .split('; ')
      .some((cookie) => /^(accessToken|refreshToken)=./.test(cookie));
    if (!hasSession) return;
    const listed = (name) => document.querySelector(`meta[name="${name}"]`)?.content.split(' ') ?? [];
    const isHome = window.location.pathname === '/';
    const files = [...listed('cairn-frame-files'), ...(isHome ? listed('cairn-home-files') : [])];
    for (const href of files) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      // CORS mode as the app's own scripts, or the browser fetches them again.
      link.crossOrigin = '';
      document.head.append(link);
    }
  } catch {
    // Blocked cookies: the app fetches the files itself, a little later.
  }
})();
