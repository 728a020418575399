// Chromium through playwright-core, a probe the page runs before the app's own code, and the page's
// requests: API calls with their timing, script and style files with their transferred size.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { TIME_ZONE as SEED_TIME_ZONE } from '../seed/seed';

export const VIEWPORT = { width: 1280, height: 800 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    // As e2e/playwright.config.ts.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Installed before the app's scripts: main-thread long tasks, Largest Contentful Paint candidates and
 * when `rowSelector` first matched (ms since navigation start, the page's own clock).
 */
const pageProbe = (rowSelector: string | undefined) => `(() => {
  const state = { longTasks: [], lcp: null, firstRow: null, contentAt: null };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = { at: entry.startTime, size: entry.size, tag: entry.element ? entry.element.tagName : null };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const rowSelector = ${JSON.stringify(rowSelector ?? null)};
  const observer = new MutationObserver(() => {
    if (state.contentAt === null && document.querySelector('main h1, main h2, main [role="heading"]')) state.contentAt = performance.now();
    if (rowSelector && state.firstRow === null && document.querySelector(rowSelector)) state.firstRow = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

export type ProbeState = {
  now: number;
  longTasks: [number, number][];
  lcp: { at: number; size: number; tag: string | null } | null;
  firstRow: number | null;
  contentAt: number | null;
};

/** Strings rather than functions: the page gets exactly this code, whatever the TypeScript loader adds. */
export async function evaluate<T>(page: Page, expression: string): Promise<T> {
  return (await page.evaluate(expression)) as T;
}

export const probeState = (page: Page) =>
  evaluate<ProbeState>(
    page,
    '({ now: performance.now(), longTasks: window.__bench.longTasks, lcp: window.__bench.lcp, firstRow: window.__bench.firstRow, contentAt: window.__bench.contentAt })',
  );

/** Calls to the API (not the page's files, nor error reports): `/api/v1/…` and `/auth/…`. */
const isApiPath = (pathname: string) => pathname.startsWith('/api/v1/') || pathname.startsWith('/auth/');

export type ApiRequest = {
  method: string;
  path: string;
  search: string;
  /** Epoch ms; the browser's own timing once the request has finished. */
  start: number;
  end: number | undefined;
};

export type Asset = {
  path: string;
  kind: 'script' | 'stylesheet';
  bytes: number;
  encoding?: string;
  /** When the file had arrived, epoch ms. */
  end: number;
};

/** Every API request the page makes, with its timing, and every script and style sheet it fetches. */
export function trackRequests(page: Page): { requests: ApiRequest[]; assets: Promise<Asset>[] } {
  const requests: ApiRequest[] = [];
  const assets: Promise<Asset>[] = [];
  const entries = new Map<Request, ApiRequest>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!isApiPath(url.pathname)) return;
    const entry: ApiRequest = {
      method: request.method(),
      path: url.pathname,
      search: url.search,
      start: Date.now(),
      end: undefined,
    };
    requests.push(entry);
    entries.set(request, entry);
  });
  const finish = (request: Request) => {
    const entry = entries.get(request);
    if (!entry) return;
    entry.end = Date.now();
    const timing = request.timing();
    if (timing.startTime > 0 && timing.responseEnd >= 0) {
      entry.start = timing.startTime;
      entry.end = timing.startTime + timing.responseEnd;
    }
  };
  page.on('requestfinished', (request) => {
    finish(request);
    const kind = request.resourceType();
    if (kind !== 'script' && kind !== 'stylesheet') return;
    // The body's size on the wire, as the server compressed it (e2e/tests/first-load.spec.ts).
    assets.push(
      (async () => {
        const response = await request.response();
        const timing = request.timing();
        return {
          end:
            timing.startTime > 0 && timing.responseEnd >= 0
              ? timing.startTime + timing.responseEnd
              : Date.now(),
          path: new URL(request.url()).pathname,
          kind,
          bytes: (await request.sizes()).responseBodySize,
          encoding: (await response?.allHeaders())?.['content-encoding'],
        };
      })(),
    );
  });
  page.on('requestfailed', finish);
  return { requests, assets };
}

export type Session = {
  context: BrowserContext;
  page: Page;
  requests: ApiRequest[];
  assets: Promise<Asset>[];
  errors: string[];
};

export type Credentials = { email: string; password: string };

/**
 * A fresh browser profile (empty cache), signed in as a new session when `user` is given. Service
 * workers are blocked: the worker's precache of every screen's code would otherwise download in the
 * background of each measured load.
 */
export async function openSession(
  browser: Browser,
  baseUrl: string,
  options: { user?: Credentials; rowSelector?: string },
): Promise<Session> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    serviceWorkers: 'block',
    timezoneId: SEED_TIME_ZONE,
  });
  if (options.user) {
    const response = await fetch(`${baseUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: options.user.email, password: options.user.password }),
    });
    if (!response.ok) throw new Error(`signing in answered ${response.status}: ${await response.text()}`);
    const tokens = (await response.json()) as {
      accessToken: { token: string };
      refreshToken: { token: string };
    };
    await context.addCookies(
      [
        ['accessToken', tokens.accessToken.token],
        ['refreshToken', tokens.refreshToken.token],
      ].map(([name, value]) => ({ name: name!, value: value!, url: baseUrl, sameSite: 'Lax' as const })),
    );
  }
  await context.addInitScript(pageProbe(options.rowSelector));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, ...trackRequests(page), errors };
}

/** API requests as intervals on the page's clock; an open one lasts for ever. */
export function onPageClock(requests: readonly ApiRequest[], timeOrigin: number) {
  return requests.map((request) => ({
    start: request.start - timeOrigin,
    end: request.end === undefined ? Number.POSITIVE_INFINITY : request.end - timeOrigin,
  }));
}

/**
 * Waits until the page is ready and then nothing happened for `quietMs`: no long task, no API request
 * open, no script or style arriving. Answers the moment the quiet began (page clock), or undefined when
 * `timeoutMs` passed first.
 */
export async function waitUntilSettled(options: {
  session: Session;
  timeOrigin: number;
  ready: (state: ProbeState) => boolean;
  quietMs: number;
  timeoutMs: number;
}): Promise<{ state: ProbeState; settledAt: number | undefined }> {
  const { session, timeOrigin, ready, quietMs, timeoutMs } = options;
  const deadline = Date.now() + timeoutMs;
  let assetCount = session.assets.length;
  let lastAssetAt = 0;
  for (;;) {
    await sleep(200);
    const state = await probeState(session.page);
    if (session.assets.length !== assetCount) {
      assetCount = session.assets.length;
      lastAssetAt = state.now;
    }
    const requests = onPageClock(session.requests, timeOrigin);
    const lastBusy = Math.max(
      0,
      lastAssetAt,
      state.contentAt ?? 0,
      state.firstRow ?? 0,
      ...state.longTasks.map(([, end]) => end),
      ...requests.map((request) => request.end),
    );
    if (ready(state) && state.now - lastBusy >= quietMs) return { state, settledAt: lastBusy };
    if (Date.now() > deadline) return { state, settledAt: undefined };
  }
}
