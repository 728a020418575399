// How the tasks screens feel in a browser for a user with 10,000 tasks: the board's first usable moment,
// the classic list's first rows, long tasks while scrolling it, and requests per checkbox tick.
// Run: npm run bench:web -w @cairn/bench [-- --build]. See bench/README.md ("Tasks screens").
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildApp } from '../../apps/api/src/app';
import { parseConfig } from '../../apps/api/src/config/env';
import { openPglite } from '../../apps/api/src/db/client';
import { tasks } from '../../apps/api/src/db/schema';
import { type ApiRequest, onPageClock, trackRequests } from '../frontend/browser';
import { buildWeb, freePort, startServer, stopServer } from '../support/web-server';

const TASK_COUNT = 10_000;
/** Fresh page loads per screen; the table reports their median. BENCH_WEB_RUNS=1 makes a quick check. */
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3) || 3);
/** The board has settled when nothing ran long and no API request was open for this long (TTI's window). */
const QUIET_MS = 5_000;
/** At most this many API requests may be open during the quiet window (as in Lighthouse's TTI). */
const QUIET_IN_FLIGHT = 2;
/** A board still busy this long after navigation is reported as such, with what it had done by then. */
const BOARD_TIMEOUT_MS = 45_000;
const SCROLL_TIMEOUT_MS = 180_000;
/** One wheel turn: a few screens, about what a quick flick of a trackpad scrolls. */
const SCROLL_STEP_PX = 2_400;
const TICK_WINDOW_MS = 2_000;
const VIEWPORT = { width: 1280, height: 800 };
const USER = { username: 'bench', email: 'bench@example.com', password: 'Bench-pass1' };
const levels = ['low', 'medium', 'high'] as const;

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(repoRoot, 'apps/web');
const shouldBuild = process.argv.includes('--build');
const log = (message: string) => process.stderr.write(`${message}\n`);

// --- Scratch space, cleaned up however the run ends ------------------------------------------------

const scratch = await mkdtemp(path.join(tmpdir(), 'cairn-bench-web-'));
let server: ChildProcess | undefined;
let browser: Browser | undefined;
async function cleanUp() {
  await browser?.close().catch(() => {});
  await stopServer(server);
  await rm(scratch, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
}

async function main() {
  if (shouldBuild) log('Building the web app…');
  const webDist = shouldBuild
    ? await buildWeb(path.join(scratch, 'web'))
    : process.env.BENCH_WEB_DIST
      ? path.resolve(process.env.BENCH_WEB_DIST)
      : existingBuild();
  const dataDir = path.join(scratch, 'data');
  log(`Seeding ${TASK_COUNT} tasks…`);
  await seed(dataDir);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  log('Starting the server…');
  server = await startServer({ dataDir, port, webDist, baseUrl, logFile: path.join(scratch, 'server.log') });

  browser = await chromium.launch({
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
  const startLoad = loadavg()[0] ?? 0;
  const boards: BoardRun[] = [];
  for (let run = 1; run <= RUNS; run++) {
    log(`Board, load ${run} of ${RUNS}…`);
    boards.push(await measureBoard(browser, baseUrl));
  }
  const lists: ListRun[] = [];
  for (let run = 1; run <= RUNS; run++) {
    log(`Classic list, load ${run} of ${RUNS}…`);
    lists.push(await measureList(browser, baseUrl));
  }
  report({
    boards,
    lists,
    browserVersion: browser.version(),
    startLoad,
    webBuild: shouldBuild ? 'built for this run' : webDist,
  });
}

// --- The web build and the server ------------------------------------------------------------------

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** The build `npm start` made (apps/web/dist); a warning when the sources changed after it. */
function existingBuild(): string {
  const dist = path.join(webDir, 'dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error(
      'apps/web/dist has no build: run with --build (npm run bench:web -w @cairn/bench -- --build)',
    );
  const real = realpathSync(dist);
  let builtAt = statSync(path.join(real, 'index.html')).mtimeMs;
  try {
    builtAt = JSON.parse(readFileSync(path.join(real, '.build-settings.json'), 'utf8')).builtAt ?? builtAt;
  } catch {
    // A build made by hand has no stamp; the index's time stands in.
  }
  const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((name) =>
    path.join(webDir, name),
  );
  sources.push(path.join(repoRoot, 'packages/contracts/src'));
  if (Math.max(...sources.map(newestChange)) > builtAt)
    log('Warning: the web sources changed after apps/web/dist was built; pass --build to measure them.');
  return real;
}

// --- A user with 10,000 tasks, written with the app's own code before the server opens the data -----

async function seed(dataDir: string) {
  await mkdir(dataDir, { recursive: true });
  const database = await openPglite({ dataDir });
  await database.migrate();
  const app = await buildApp({
    config: parseConfig({ AUTH_RATE_LIMIT_MAX: '100000', WEB_DIST_DIR: '/nonexistent', DATA_DIR: dataDir }),
    database,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    logger: false,
  });
  await app.ready();
  const signup = await app.inject({ method: 'POST', url: '/auth/signup', payload: USER });
  if (signup.statusCode !== 201) throw new Error(`signup answered ${signup.statusCode}: ${signup.body}`);
  const headers = { authorization: `Bearer ${signup.json().accessToken.token}` };
  const me = (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).json() as { id: string };
  const columns = (await app.inject({ method: 'GET', url: '/api/v1/columns', headers })).json().items as {
    id: string;
    isCompletion: boolean;
  }[];
  const lists: string[] = [];
  for (const name of ['Work', 'Home', 'Errands', 'Reading']) {
    lists.push(
      (await app.inject({ method: 'POST', url: '/api/v1/lists', headers, payload: { name } })).json().id,
    );
  }
  // Spread over the default columns in turn (To do, In progress, Done); what is in the completion column
  // is done, a tenth of it today, so the periodical board shows some of it.
  const now = Date.now();
  const rows = Array.from({ length: TASK_COUNT }, (_, index) => {
    const column = columns[index % columns.length]!;
    const completedAt = column.isCompletion
      ? new Date(index % 10 === 0 ? now : now - (1 + (index % 29)) * 86_400_000)
      : null;
    return {
      userId: me.id,
      title: `Task ${index} ${index % 7 === 0 ? 'invoice' : 'errand'}`,
      note: index % 5 === 0 ? `Notes for task ${index}` : null,
      columnId: column.id,
      listId: index % 3 === 0 ? null : lists[index % lists.length],
      urgency: levels[index % 3],
      importance: levels[(index >> 1) % 3],
      priority: index * 1024,
      dueDate: index % 3 === 0 ? new Date(now + ((index % 40) - 20) * 86_400_000) : null,
      completedAt,
      createdAt: new Date(now - (index % 30) * 86_400_000),
    };
  });
  for (let offset = 0; offset < rows.length; offset += 1000) {
    await database.db.insert(tasks).values(rows.slice(offset, offset + 1000));
  }
  await app.close();
  await database.close();
}

// --- What the page records about itself -------------------------------------------------------------

/**
 * Installed before the app's scripts: long tasks, and when each board column and the list first had
 * content in the DOM (times are ms since navigation start, the page's own clock).
 */
const pageProbe = `(() => {
  const state = { longTasks: [], firstCards: {}, firstRow: null };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.startTime + entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const columnLabel = /^(.*), \\d+ cards?$/;
  const observer = new MutationObserver(() => {
    const now = performance.now();
    for (const section of document.querySelectorAll('section[aria-label]')) {
      const match = columnLabel.exec(section.getAttribute('aria-label'));
      if (!match || state.firstCards[match[1]] !== undefined) continue;
      if (section.querySelector('article')) state.firstCards[match[1]] = now;
    }
    if (state.firstRow === null && document.querySelector('input[type="checkbox"][aria-label^="Complete “"]')) {
      state.firstRow = now;
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  state.stop = () => observer.disconnect();
})();`;

type ProbeState = {
  now: number;
  longTasks: [number, number][];
  firstCards: Record<string, number>;
  firstRow: number | null;
};

/** Strings rather than functions: the page gets exactly this code, whatever the TypeScript loader adds. */
async function evaluate<T>(page: Page, expression: string): Promise<T> {
  return (await page.evaluate(expression)) as T;
}

const probeState = (page: Page) =>
  evaluate<ProbeState>(
    page,
    '({ now: performance.now(), longTasks: window.__bench.longTasks, firstCards: window.__bench.firstCards, firstRow: window.__bench.firstRow })',
  );

type Session = { context: BrowserContext; page: Page; requests: ApiRequest[]; errors: string[] };

/** A fresh browser profile (empty cache), signed in as a new session of the bench user. */
async function openSession(browser: Browser, baseUrl: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USER.username, password: USER.password }),
  });
  if (!response.ok) throw new Error(`signing in answered ${response.status}: ${await response.text()}`);
  const tokens = (await response.json()) as {
    accessToken: { token: string };
    refreshToken: { token: string };
  };
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies(
    [
      ['accessToken', tokens.accessToken.token],
      ['refreshToken', tokens.refreshToken.token],
    ].map(([name, value]) => ({ name: name!, value: value!, url: baseUrl, sameSite: 'Lax' as const })),
  );
  await context.addInitScript(pageProbe);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, requests: trackRequests(page).requests, errors };
}

type Interval = { start: number; end: number };

function mostInFlight(requests: Interval[], from: number, to: number): number {
  const moments = [
    from,
    ...requests.map((request) => request.start).filter((start) => start > from && start < to),
  ];
  return Math.max(
    ...moments.map(
      (moment) => requests.filter((request) => request.start <= moment && request.end > moment).length,
    ),
  );
}

/**
 * Like Lighthouse's Time to Interactive, counted from content instead of the first paint: the first
 * window of QUIET_MS after `contentAt` with no long task and at most QUIET_IN_FLIGHT API requests
 * open; the page is usable at the end of the last long task before that window (or at `contentAt`).
 */
function usableAt(options: {
  contentAt: number;
  longTasks: [number, number][];
  requests: Interval[];
  observedUntil: number;
}): number | undefined {
  const { contentAt, longTasks, requests, observedUntil } = options;
  const candidates = [
    contentAt,
    ...longTasks.map(([, end]) => end),
    ...requests.map((request) => request.end),
  ]
    .filter((moment) => moment >= contentAt && Number.isFinite(moment))
    .sort((a, b) => a - b);
  for (const from of candidates) {
    const to = from + QUIET_MS;
    if (to > observedUntil) return undefined;
    if (longTasks.some(([start, end]) => start < to && end > from)) continue;
    if (mostInFlight(requests, from, to) > QUIET_IN_FLIGHT) continue;
    return Math.max(contentAt, ...longTasks.map(([, end]) => end).filter((end) => end <= from));
  }
  return undefined;
}

/**
 * Waits until no long task ran, no API request was open and no content appeared for `quietMs`, or until
 * `timeoutMs`. Content counts as activity: a column whose cards render in a short task after the last
 * long task still needs its quiet time after it.
 */
async function waitUntilQuiet(options: {
  session: Session;
  timeOrigin: number;
  ready: (state: ProbeState) => boolean;
  quietMs: number;
  timeoutMs: number;
}) {
  const { session, timeOrigin, ready, quietMs, timeoutMs } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await sleep(250);
    const state = await probeState(session.page);
    const requests = onPageClock(session.requests, timeOrigin);
    const lastBusy = Math.max(
      0,
      ...state.longTasks.map(([, end]) => end),
      ...requests.map((request) => request.end),
      ...Object.values(state.firstCards),
      state.firstRow ?? 0,
    );
    if (ready(state) && state.now - lastBusy >= quietMs) return { state, isTimedOut: false };
    if (Date.now() > deadline) return { state, isTimedOut: true };
  }
}

// --- The board ----------------------------------------------------------------------------------------

type BoardRun = {
  /** Still busy at BOARD_TIMEOUT_MS: the figures are what it had done by then. */
  isTimedOut: boolean;
  contentAt: number;
  usable: number | undefined;
  requestsBeforeUsable: string[];
  longestTask: number;
  heapMb: number;
  errors: string[];
};

async function measureBoard(browser: Browser, baseUrl: string): Promise<BoardRun> {
  const session = await openSession(browser, baseUrl);
  const { page, context } = session;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${baseUrl}/kanban`, { waitUntil: 'commit' });
  const timeOrigin = await evaluate<number>(page, 'performance.timeOrigin');
  const { state, isTimedOut } = await waitUntilQuiet({
    session,
    timeOrigin,
    ready: (current) => Object.keys(current.firstCards).length > 0,
    quietMs: QUIET_MS,
    timeoutMs: BOARD_TIMEOUT_MS,
  });
  if (isTimedOut) log(`  the board was still busy after ${BOARD_TIMEOUT_MS / 1000} s`);
  if (process.env.BENCH_WEB_DEBUG) {
    for (const [start, end] of state.longTasks) log(`  long task ${start.toFixed(0)}–${end.toFixed(0)}`);
    for (const request of session.requests)
      log(
        `  ${request.method} ${request.path} ${(request.start - timeOrigin).toFixed(0)}–${request.end === undefined ? 'open' : (request.end - timeOrigin).toFixed(0)}`,
      );
  }

  // The columns in the viewport that show cards once the board has loaded.
  const columns = await evaluate<{ label: string; isVisible: boolean; hasCard: boolean }[]>(
    page,
    `[...document.querySelectorAll('section[aria-label]')].map((section) => {
      const box = section.getBoundingClientRect();
      return {
        label: section.getAttribute('aria-label'),
        isVisible: box.right > 0 && box.left < innerWidth && box.top < innerHeight && box.bottom > 0,
        hasCard: Boolean(section.querySelector('article')),
      };
    })`,
  );
  const visibleNames = columns
    .filter((column) => column.isVisible && column.hasCard)
    .map((column) => /^(.*), \d+ cards?$/.exec(column.label)?.[1])
    .filter((name) => name !== undefined);
  if (visibleNames.length === 0) throw new Error('the board shows no cards in the viewport');
  const contentAt = Math.max(
    ...visibleNames.map((name) => state.firstCards[name] ?? Number.POSITIVE_INFINITY),
  );
  const requests = onPageClock(session.requests, timeOrigin);
  const usable = usableAt({ contentAt, longTasks: state.longTasks, requests, observedUntil: state.now });
  const requestsBeforeUsable = session.requests
    .filter((_, index) => requests[index]!.start < (usable ?? state.now))
    .map((request) => `${request.method} ${request.path}`);

  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  await context.close();
  return {
    isTimedOut,
    contentAt,
    usable,
    requestsBeforeUsable,
    longestTask: Math.max(0, ...state.longTasks.map(([start, end]) => end - start)),
    heapMb: heap / 1024 / 1024,
    errors: session.errors,
  };
}

// --- The classic list -------------------------------------------------------------------------------

type ListRun = {
  firstRows: number;
  longestScrollTask: number;
  scrollSeconds: number;
  isScrolledToEnd: boolean;
  pagesWhileScrolling: number;
  tickRequests: string[];
  errors: string[];
};

async function measureList(browser: Browser, baseUrl: string): Promise<ListRun> {
  const session = await openSession(browser, baseUrl);
  const { page, context, requests } = session;
  await page.goto(`${baseUrl}/classic-list`, { waitUntil: 'commit' });
  const timeOrigin = await evaluate<number>(page, 'performance.timeOrigin');
  const loaded = await waitUntilQuiet({
    session,
    timeOrigin,
    ready: (state) => state.firstRow !== null,
    quietMs: 1_000,
    timeoutMs: 30_000,
  });
  if (loaded.state.firstRow === null) throw new Error('the classic list showed no rows within 30 s');
  await evaluate(page, 'window.__bench.stop()');

  // Scrolls the window a few screens at a time until the end stays the end: nothing more to load.
  await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
  const requestsBefore = requests.length;
  const scrollStart = await evaluate<number>(page, 'performance.now()');
  const deadline = Date.now() + SCROLL_TIMEOUT_MS;
  let height = 0;
  let stableSince = Date.now();
  let isScrolledToEnd = false;
  while (Date.now() < deadline) {
    await page.mouse.wheel(0, SCROLL_STEP_PX);
    const position = await evaluate<{ isAtEnd: boolean; height: number; isLoading: boolean }>(
      page,
      `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve({
        isAtEnd: scrollY + innerHeight >= document.documentElement.scrollHeight - 4,
        height: document.documentElement.scrollHeight,
        isLoading: [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent.includes('Loading more')),
      }))))`,
    );
    if (position.height !== height) {
      height = position.height;
      stableSince = Date.now();
    }
    const isIdle = !position.isLoading && requests.every((request) => request.end !== undefined);
    if (position.isAtEnd && isIdle && Date.now() - stableSince >= 1_000) {
      isScrolledToEnd = true;
      break;
    }
    if (position.isAtEnd) await sleep(100);
  }
  const scrollEnd = await evaluate<number>(page, 'performance.now()');
  if (!isScrolledToEnd) log(`  the list was still loading after ${SCROLL_TIMEOUT_MS / 1000} s of scrolling`);
  const { longTasks } = await probeState(page);
  const scrollTasks = longTasks.filter(([start]) => start >= scrollStart && start <= scrollEnd);
  const pagesWhileScrolling = requests
    .slice(requestsBefore)
    .filter((request) => request.method === 'GET' && request.path === '/api/v1/tasks').length;

  // Ticks a row in the middle of the screen, clear of sticky bars.
  const label = await evaluate<string | null>(
    page,
    `(() => {
      for (const box of document.querySelectorAll('input[type="checkbox"][aria-label^="Complete “"]')) {
        const rect = box.getBoundingClientRect();
        if (rect.top >= innerHeight * 0.3 && rect.bottom <= innerHeight * 0.8) return box.getAttribute('aria-label');
      }
      return null;
    })()`,
  );
  if (!label) throw new Error('no task checkbox in view at the end of the list');
  const tickFrom = requests.length;
  await page.getByRole('checkbox', { name: label, exact: true }).click();
  await sleep(TICK_WINDOW_MS);
  const tickRequests = requests.slice(tickFrom).map((request) => `${request.method} ${request.path}`);
  await context.close();
  return {
    firstRows: loaded.state.firstRow,
    longestScrollTask: Math.max(0, ...scrollTasks.map(([start, end]) => end - start)),
    scrollSeconds: (scrollEnd - scrollStart) / 1000,
    isScrolledToEnd,
    pagesWhileScrolling,
    tickRequests,
    errors: session.errors,
  };
}

// --- The report ---------------------------------------------------------------------------------------

/** The run whose value is the median (the middle one of an odd number of runs). */
function medianIndex(values: number[]): number {
  const order = values.map((_, index) => index).sort((a, b) => values[a]! - values[b]!);
  return order[Math.floor(order.length / 2)]!;
}

/** `GET /api/v1/tasks ×3, GET /api/v1/columns`: the same request once with its count. */
function grouped(requests: string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
  return (
    [...counts].map(([request, count]) => `\`${request}\`${count > 1 ? ` ×${count}` : ''}`).join(', ') ||
    'none'
  );
}

function report(options: {
  boards: BoardRun[];
  lists: ListRun[];
  browserVersion: string;
  startLoad: number;
  webBuild: string;
}) {
  const { boards, lists } = options;
  type Row = {
    name: string;
    values: number[];
    unit: 'ms' | 'count' | 'MB';
    target?: number;
    isStrict?: boolean;
    /** Runs that hit the board's time limit: their figure is a bound, marked †. */
    isCut?: boolean[];
  };
  const cut = boards.map((run) => run.isTimedOut);
  const rows: Row[] = [
    {
      name: 'board · first cards of the visible columns, ms',
      values: boards.map((run) => run.contentAt),
      unit: 'ms',
    },
    {
      name: 'board · first usable, ms',
      isCut: cut,
      values: boards.map((run) => run.usable ?? Number.POSITIVE_INFINITY),
      unit: 'ms',
      target: 1000,
    },
    {
      name: 'board · API requests before usable',
      isCut: cut,
      values: boards.map((run) => run.requestsBeforeUsable.length),
      unit: 'count',
      target: 6,
    },
    {
      name: 'board · longest main-thread task until loaded, ms',
      isCut: cut,
      values: boards.map((run) => run.longestTask),
      unit: 'ms',
      target: 100,
    },
    {
      name: 'board · JS heap once loaded, MB',
      isCut: cut,
      values: boards.map((run) => run.heapMb),
      unit: 'MB',
      target: 200,
      isStrict: true,
    },
    { name: 'list · first rows, ms', values: lists.map((run) => run.firstRows), unit: 'ms' },
    {
      name: 'list · longest task while scrolling to the end, ms',
      values: lists.map((run) => run.longestScrollTask),
      unit: 'ms',
      target: 100,
    },
    {
      name: 'list · API requests per checkbox tick',
      values: lists.map((run) => run.tickRequests.length),
      unit: 'count',
      target: 2,
    },
  ];
  const format = (value: number, unit: Row['unit']) => {
    if (!Number.isFinite(value)) return `> ${BOARD_TIMEOUT_MS}`;
    if (unit === 'count') return String(value);
    if (unit === 'MB') return value.toFixed(1);
    return value.toFixed(0);
  };
  const targetText = (row: Row) =>
    row.target === undefined ? '—' : `${row.isStrict ? '<' : '≤'} ${row.target}`;
  const median = (row: Row) => row.values[medianIndex(row.values)]!;
  const meets = (row: Row) =>
    row.target === undefined || (row.isStrict ? median(row) < row.target : median(row) <= row.target);
  const cell = (row: Row, index: number) =>
    `${format(row.values[index]!, row.unit)}${row.isCut?.[index] && Number.isFinite(row.values[index]) ? ' †' : ''}`;

  console.log(
    `## Tasks screens in Chromium, ${TASK_COUNT.toLocaleString('en-US')} tasks, embedded database\n`,
  );
  console.log(
    `Node ${process.version}, Chromium ${options.browserVersion}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}, load average ${options.startLoad.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}; web build: ${options.webBuild}\n`,
  );
  console.log(
    `Each run is a fresh browser profile (empty cache), ${VIEWPORT.width}×${VIEWPORT.height}, signed in, loading the page from navigation; the median of ${RUNS} runs is compared with the target. Long tasks are main-thread tasks of 50 ms or more (0 = none). See bench/README.md for what each row measures.\n`,
  );
  console.log(`| case | ${boards.map((_, index) => `run ${index + 1}`).join(' | ')} | median | target |`);
  console.log(`| --- | ${boards.map(() => '---:').join(' | ')} | ---: | ---: |`);
  for (const row of rows) {
    const cells = row.values.map((_, index) => cell(row, index));
    const middle = cell(row, medianIndex(row.values));
    console.log(
      `| ${row.name} | ${cells.join(' | ')} | ${meets(row) ? middle : `**${middle}**`} | ${targetText(row)} |`,
    );
  }
  if (cut.some(Boolean))
    console.log(
      `\n† The board was still loading or busy ${BOARD_TIMEOUT_MS / 1000} s after navigation; the figure is what it had done by then.`,
    );
  const boardAt = medianIndex(boards.map((run) => run.usable ?? Number.POSITIVE_INFINITY));
  const board = boards[boardAt]!;
  console.log(
    `\nBoard, requests ${board.usable === undefined ? 'within the time limit' : 'before usable'} (run ${boardAt + 1}): ${grouped(board.requestsBeforeUsable)}.`,
  );
  const listAt = medianIndex(lists.map((run) => run.tickRequests.length));
  const list = lists[listAt]!;
  console.log(
    `Classic list: scrolled to the end in ${lists.map((run) => `${run.scrollSeconds.toFixed(1)} s${run.isScrolledToEnd ? '' : ' (not to the end)'}`).join(', ')}, loading ${lists.map((run) => run.pagesWhileScrolling).join(', ')} more pages.`,
  );
  console.log(`One tick (run ${listAt + 1}): ${grouped(list.tickRequests)}.`);
  const errors = [...boards, ...lists].flatMap((run) => run.errors);
  if (errors.length > 0) console.log(`\nUncaught errors in the page: ${[...new Set(errors)].join('; ')}`);
  const missed = rows.filter((row) => !meets(row)).map((row) => row.name);
  console.log(`\n${missed.length === 0 ? 'Every target met.' : `Missed targets: ${missed.join('; ')}.`}`);
}

// Last, so that every constant above is initialised before the run uses it.
try {
  await main();
} finally {
  await cleanUp();
}
