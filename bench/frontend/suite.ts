// The web app in Chromium over the seeded heavy user: what each screen downloads, the API calls it
// makes before it is usable, the list screens' first rows, scrolling and edits, and the LCP of /.
// Run: npm run bench:frontend -w @cairn/bench [-- --scale 0.01]. See bench/README.md ("Front end").
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { openPglite } from '../../apps/api/src/db/client';
import { seedInstance } from '../seed/seed';
import type { SeededHeavyUser } from '../seed/seed-result';
import type { BenchRow } from '../support/bench-row';
import { buildWeb, freePort, startServer, stopServer } from '../support/web-server';
import {
  type ApiRequest,
  type Asset,
  type Credentials,
  evaluate,
  launchBrowser,
  onPageClock,
  openSession,
  probeState,
  type Session,
  waitUntilSettled,
} from './browser';
import { describeMainThreadTime, type MainThreadTime, startMainThreadClock } from './main-thread-time';
import { startScrollProfile } from './scroll-profile';
import { startScrollTrace } from './scroll-trace';

const GROUP = 'web';
const LOGIN_TARGET_KB = 120;
const AREA_TARGET_KB = 250;
const FIRST_ROWS_TARGET_MS = 500;
const SCROLL_TASK_TARGET_MS = 50;
const REQUESTS_PER_EDIT_TARGET = 2;
const LCP_TARGET_MS = 1000;
/**
 * Loads of / whose LCP gives the row its median: one load is one sample of a page whose first paint
 * waits on a dozen files and a read, and a single slow one (a cold cache in the database, a
 * neighbour's burst) said more about the moment than about the page.
 */
const LCP_LOADS = 5;
const CALLS_BEFORE_USABLE_TARGET = 4;

/** A screen is usable once it shows its content and then nothing runs or loads for this long. */
const SETTLE_QUIET_MS = 1_500;
const LOAD_TIMEOUT_MS = 45_000;
/**
 * Scrolling a list stops at its end or after this long: at full scale the register and the tracker
 * logs hold more pages than anyone scrolls, so the row says how far it got.
 */
const SCROLL_SECONDS = Number(process.env.BENCH_SCROLL_SECONDS ?? 60) || 60;
/** One wheel turn: a few screens, about what a quick flick of a trackpad scrolls. */
const SCROLL_STEP_PX = 2_400;
/** Requests started this long after an edit count towards it. */
const EDIT_WINDOW_MS = 2_000;

const areaScreens = [
  '/start',
  '/kanban',
  '/classic-list',
  '/importance-grid',
  '/notebook',
  '/money-flow-tracker',
  '/trackers',
  '/tracker-dashboard',
  '/worklogs',
  '/profile',
] as const;

type Scroller = { kind: 'window' } | { kind: 'element'; find: string };

type ListScreen = {
  name: string;
  url: (user: SeededHeavyUser) => string;
  /** The request whose answer holds the first rows. */
  dataPath: string;
  rowSelector: string;
  scroller: Scroller;
  /** One edit a user makes on a row in view; requests are counted from its first click. */
  edit: (page: Page) => Promise<void>;
};

/**
 * Clicks the first element matching `selector` that lies in the middle of the viewport, where a user
 * would, and answers its aria-label.
 */
async function clickInView(page: Page, selector: string): Promise<string> {
  const found = await evaluate<{ label: string; index: number } | null>(
    page,
    `(() => {
      const nodes = [...document.querySelectorAll(${JSON.stringify(selector)})];
      for (const [index, node] of nodes.entries()) {
        const rect = node.getBoundingClientRect();
        if (rect.height > 0 && rect.top >= innerHeight * 0.2 && rect.bottom <= innerHeight * 0.85)
          return { label: node.getAttribute('aria-label') ?? '', index };
      }
      return null;
    })()`,
  );
  if (!found) throw new Error(`nothing matching ${selector} in view`);
  await page.locator(selector).nth(found.index).click({ timeout: 10_000 });
  return found.label;
}

/** The board column with the most cards: the one scrolled, and its scrolling element. */
const busiestColumn = `(() => {
  let best = null, most = -1;
  for (const section of document.querySelectorAll('section[aria-label]')) {
    const count = Number(/, (\\d+) cards?$/.exec(section.getAttribute('aria-label'))?.[1] ?? -1);
    if (count > most) { most = count; best = section; }
  }
  return best && [...best.querySelectorAll('div')].find((node) => getComputedStyle(node).overflowY === 'auto');
})()`;

const tickSelector = 'input[type="checkbox"][aria-label^="Complete “"]:not(:checked)';

const listScreens: ListScreen[] = [
  {
    name: 'classic list',
    url: () => '/classic-list',
    dataPath: '/api/v1/tasks',
    rowSelector: tickSelector,
    scroller: { kind: 'window' },
    edit: async (page) => void (await clickInView(page, tickSelector)),
  },
  {
    name: 'kanban board',
    url: (user) => `/kanban?listId=${user.boardListId}`,
    dataPath: '/api/v1/tasks/groups',
    rowSelector: 'section[aria-label] article',
    scroller: { kind: 'element', find: busiestColumn },
    edit: async (page) => void (await clickInView(page, tickSelector)),
  },
  {
    name: 'notes list',
    url: () => '/notebook',
    dataPath: '/api/v1/notes',
    rowSelector: '[data-note-id]',
    scroller: {
      kind: 'element',
      find: `document.querySelector('section[aria-labelledby="note-list-heading"] ul')?.parentElement`,
    },
    edit: async (page) => {
      await clickInView(page, '[data-note-id] button[aria-label^="Actions for “"]');
      await page.getByRole('menuitem', { name: /favorites$/ }).click();
    },
  },
  {
    name: 'money register',
    url: () => '/money-flow-tracker',
    dataPath: '/api/v1/money/transactions',
    rowSelector: '[data-testid="money-transaction-row"]',
    scroller: { kind: 'window' },
    edit: async (page) => {
      await clickInView(page, '[data-testid="money-transaction-row"] button[aria-label^="Edit "]');
      const dialog = page.getByRole('dialog');
      const amount = dialog.getByLabel(/^Amount( sent)?$/).first();
      await amount.fill(String(10 + Math.round(Math.random() * 90)));
      await dialog.getByRole('button', { name: 'Save' }).click();
    },
  },
  {
    name: 'tracker logs',
    url: (user) => `/trackers/logs?trackerId=${user.plainTrackerId}`,
    dataPath: '/api/v1/tracker-logs',
    rowSelector: '[data-testid="tracker-log-row"]',
    scroller: { kind: 'window' },
    edit: async (page) => {
      await clickInView(page, 'button[aria-label^="Edit the log of "]');
      const row = page
        .getByTestId('tracker-log-row')
        .filter({ has: page.getByRole('button', { name: 'Save' }) });
      await row
        .getByRole('textbox', { name: 'Value', exact: true })
        .fill(String(50 + Math.round(Math.random() * 40)));
      await row.getByRole('button', { name: 'Save' }).click();
    },
  },
  {
    name: 'work-log list',
    url: () => '/worklogs/list',
    dataPath: '/api/v1/worklogs',
    rowSelector: '[data-testid="worklog-row"]',
    scroller: { kind: 'window' },
    edit: async (page) => {
      const label = await clickInView(page, '[data-testid="worklog-row"] button[aria-label^="Edit “"]');
      const form = page.getByRole('form', { name: label });
      const description = form.getByLabel('Description');
      await description.fill(`Reviewed ${Math.round(Math.random() * 1000)}`);
      await description.press('Enter');
    },
  },
];

/**
 * BENCH_WEB_ONLY="classic list,notes list": only those list screens, and none of the screen loads, to
 * measure a change to a list quickly. Unset, every row.
 */
function listScreensToRun(): ListScreen[] | undefined {
  const names = (process.env.BENCH_WEB_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) return undefined;
  const unknown = names.filter((name) => !listScreens.some((screen) => screen.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_WEB_ONLY names no list screen ${unknown.join(', ')}; the screens: ${listScreens.map((screen) => screen.name).join(', ')}`,
    );
  return listScreens.filter((screen) => names.includes(screen.name));
}

// --- Loads ----------------------------------------------------------------------------------------

type ScreenLoad = {
  path: string;
  /** JS and CSS as transferred, bytes. */
  bytes: number;
  /** The error-reporting SDK, fetched after the load event and not counted in `bytes`. */
  reportingBytes: number;
  files: number;
  fileSizes: string[];
  uncompressed: string[];
  settledAt: number | undefined;
  callsBeforeUsable: string[];
  lcp: number | undefined;
  errors: string[];
};

async function loadScreen(
  browser: Browser,
  baseUrl: string,
  screen: string,
  user: Credentials | undefined,
): Promise<ScreenLoad> {
  const session = await openSession(browser, baseUrl, { user });
  try {
    await session.page.goto(`${baseUrl}${screen}`, { waitUntil: 'commit' });
    const timeOrigin = await evaluate<number>(session.page, 'performance.timeOrigin');
    const { state, settledAt } = await waitUntilSettled({
      session,
      timeOrigin,
      ready: (current) => current.contentAt !== null,
      quietMs: SETTLE_QUIET_MS,
      timeoutMs: LOAD_TIMEOUT_MS,
    });
    const requests = onPageClock(session.requests, timeOrigin);
    const callsBeforeUsable = session.requests
      .filter((_, index) => requests[index]!.start <= (settledAt ?? state.now))
      .map(describe);
    const all = await Promise.all(session.assets);
    // As e2e/tests/first-load.spec.ts counts: the error-reporting SDK loads after the page has, on its own.
    const isReporting = (asset: Asset) => /\/assets\/sentry-sdk-[\w-]+\.js$/.test(asset.path);
    const assets = all.filter((asset) => !isReporting(asset));
    return {
      path: screen,
      bytes: assets.reduce((sum, asset) => sum + asset.bytes, 0),
      reportingBytes: all.filter(isReporting).reduce((sum, asset) => sum + asset.bytes, 0),
      files: assets.length,
      fileSizes: assets.map((asset) => `${asset.path} ${(asset.bytes / 1024).toFixed(1)} KB`),
      uncompressed: assets.filter((asset) => !asset.encoding).map((asset) => asset.path),
      settledAt,
      callsBeforeUsable,
      lcp: state.lcp?.at,
      errors: session.errors,
    };
  } finally {
    await session.context.close();
  }
}

/** The middle value; a load that measured nothing counts as the slowest. */
function median(values: number[]): number {
  const sorted = values.map((value) => (Number.isNaN(value) ? Infinity : value)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const describe = (request: ApiRequest) => `${request.method} ${request.path}`;

// --- List screens ---------------------------------------------------------------------------------

type ListRun = {
  name: string;
  firstRowsAfterData: number;
  /** Page-clock ms: the rows' answer arrived, the last file before the rows arrived, the rows showed. */
  dataAt: number;
  codeAt: number;
  firstRow: number;
  longestScrollTask: number;
  /** What the main thread spent over the whole scroll. */
  scrollMainThread: MainThreadTime;
  scrollSeconds: number;
  isScrolledToEnd: boolean;
  rowsReached: number;
  editRequests: string[];
  /** The edit could not be made (the screen changed under the bench); its row fails. */
  editError: string | undefined;
  errors: string[];
};

async function measureList(
  browser: Browser,
  baseUrl: string,
  user: SeededHeavyUser,
  screen: ListScreen,
  progress: (line: string) => void,
): Promise<ListRun> {
  const session = await openSession(browser, baseUrl, { user, rowSelector: screen.rowSelector });
  const { page, requests } = session;
  try {
    await page.goto(`${baseUrl}${screen.url(user)}`, { waitUntil: 'commit' });
    const timeOrigin = await evaluate<number>(page, 'performance.timeOrigin');
    const loaded = await waitUntilSettled({
      session,
      timeOrigin,
      ready: (state) => state.firstRow !== null,
      quietMs: 1_000,
      timeoutMs: LOAD_TIMEOUT_MS,
    });
    if (loaded.state.firstRow === null)
      throw new Error(`${screen.name}: no rows within ${LOAD_TIMEOUT_MS} ms`);
    const data = requests.find((request) => request.method === 'GET' && request.path === screen.dataPath);
    if (data?.end === undefined) throw new Error(`${screen.name}: no answer to GET ${screen.dataPath}`);
    // The route's loader asks for the rows while the screen's code is still on its way, so the rows can
    // only show once both are there: the time is counted from the later of the two.
    const dataAt = data.end - timeOrigin;
    const firstRow = loaded.state.firstRow;
    const codeAt = Math.max(
      0,
      ...(await Promise.all(session.assets))
        .map((asset) => asset.end - timeOrigin)
        .filter((end) => end <= firstRow),
    );
    const firstRowsAfterData = firstRow - Math.max(dataAt, codeAt);

    const profileFolder = process.env.BENCH_WEB_PROFILE;
    const stopProfile = profileFolder && (await startScrollProfile(page, profileFolder, screen.name));
    const traceFolder = process.env.BENCH_WEB_TRACE;
    const stopTrace = traceFolder && (await startScrollTrace(browser, page, traceFolder, screen.name));
    const stopClock = await startMainThreadClock(page);
    const scrolled = await scrollToEnd(session, screen.scroller, screen.rowSelector);
    const scrollMainThread = await stopClock();
    if (stopProfile) for (const line of await stopProfile()) progress(`web:   ${line}`);
    if (stopTrace) for (const line of await stopTrace()) progress(`web:   ${line}`);
    const { longTasks } = await probeState(page);
    const scrollTasks = longTasks.filter(([start]) => start >= scrolled.start && start <= scrolled.end);

    const editFrom = requests.length;
    let editError: string | undefined;
    try {
      await screen.edit(page);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      editError = message.split('\n')[0];
      // The table keeps the first line; the log keeps Playwright's account of what it waited for.
      progress(`web: ${screen.name}: the edit failed: ${message.split('\n').slice(0, 12).join('\n  ')}`);
    }
    await sleep(EDIT_WINDOW_MS);
    const editRequests = requests.slice(editFrom).map(describe);
    return {
      name: screen.name,
      firstRowsAfterData,
      dataAt,
      codeAt,
      firstRow,
      longestScrollTask: Math.max(0, ...scrollTasks.map(([start, end]) => end - start)),
      scrollMainThread,
      scrollSeconds: (scrolled.end - scrolled.start) / 1000,
      isScrolledToEnd: scrolled.isAtEnd,
      rowsReached: scrolled.rows,
      editRequests,
      editError,
      errors: session.errors,
    };
  } finally {
    await session.context.close();
  }
}

/**
 * Scrolls with the mouse wheel, a few screens at a time with two frames between, until the end stays
 * the end (nothing loading, no request open, the height held for a second) or SCROLL_SECONDS pass. A
 * "Load more" button in view is clicked, as a user reaching it would. Answers the page-clock span.
 */
async function scrollToEnd(session: Session, scroller: Scroller, rowSelector: string) {
  const { page, requests } = session;
  const target = scroller.kind === 'window' ? 'document.scrollingElement' : scroller.find;
  const box = await evaluate<{ x: number; y: number } | null>(
    page,
    `(() => { const node = ${target}; if (!node) return null; const rect = node === document.scrollingElement ? { left: 0, top: 0, width: innerWidth, height: innerHeight } : node.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: Math.min(innerHeight - 10, rect.top + Math.min(rect.height, innerHeight - rect.top) / 2) }; })()`,
  );
  if (!box) throw new Error('nothing to scroll');
  await page.mouse.move(box.x, box.y);
  const start = await evaluate<number>(page, 'performance.now()');
  const deadline = Date.now() + SCROLL_SECONDS * 1000;
  let height = 0;
  let stableSince = Date.now();
  let isAtEnd = false;
  let rows = 0;
  while (Date.now() < deadline) {
    await page.mouse.wheel(0, SCROLL_STEP_PX);
    const position = await evaluate<{
      isAtEnd: boolean;
      height: number;
      isLoading: boolean;
      hasLoadMore: boolean;
      rows: number;
    }>(
      page,
      `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
        const node = ${target};
        const loadMore = [...document.querySelectorAll('button')].find((button) => button.textContent.trim().startsWith('Load more') && !button.disabled);
        const shown = [...document.querySelectorAll(${JSON.stringify(rowSelector)})];
        const indexes = shown.map((row) => Number(row.closest('[data-index]')?.dataset.index ?? -1)).filter((index) => index >= 0);
        resolve({
          isAtEnd: node.scrollTop + node.clientHeight >= node.scrollHeight - 4,
          height: node.scrollHeight,
          isLoading: [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent.includes('Loading more')),
          hasLoadMore: Boolean(loadMore && loadMore.getBoundingClientRect().top < innerHeight),
          rows: indexes.length > 0 ? Math.max(...indexes) + 1 : shown.length,
        });
      })))`,
    );
    rows = Math.max(rows, position.rows);
    if (position.hasLoadMore) {
      await page
        .getByRole('button', { name: /^Load more/ })
        .first()
        .click();
      stableSince = Date.now();
      continue;
    }
    if (position.height !== height) {
      height = position.height;
      stableSince = Date.now();
    }
    const isIdle = !position.isLoading && requests.every((request) => request.end !== undefined);
    if (position.isAtEnd && isIdle && Date.now() - stableSince >= 1_000) {
      isAtEnd = true;
      break;
    }
    if (position.isAtEnd) await sleep(100);
  }
  const end = await evaluate<number>(page, 'performance.now()');
  return { start, end, isAtEnd, rows };
}

// --- The suite ------------------------------------------------------------------------------------

/** Chromium over the seeded data at `scale`; BENCH_WEB_DIST reuses a production build instead of making one. */
export async function runFrontendSuite(options: {
  scale: number;
  onProgress?: (line: string) => void;
}): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const onlyScreens = listScreensToRun();
  const scratch = await mkdtemp(path.join(tmpdir(), 'cairn-bench-frontend-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let browser: Browser | undefined;
  try {
    let webDist: string;
    if (process.env.BENCH_WEB_DIST) webDist = path.resolve(process.env.BENCH_WEB_DIST);
    else {
      progress('web: building the web app');
      webDist = await buildWeb(path.join(scratch, 'web'));
    }

    const dataDir = path.join(scratch, 'data');
    await mkdir(dataDir, { recursive: true });
    const database = await openPglite({ dataDir });
    let user: SeededHeavyUser;
    try {
      await database.migrate();
      const seeded = await seedInstance(database, {
        users: 1,
        scale: options.scale,
        onProgress: (line) => progress(`web: seed ${line}`),
      });
      const heavy = seeded.heavy[0];
      if (!heavy) throw new Error('the seed made no heavy user');
      user = heavy;
    } finally {
      await database.close();
    }

    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    progress('web: starting the server');
    server = await startServer({
      dataDir,
      port,
      webDist,
      baseUrl,
      logFile: path.join(scratch, 'server.log'),
    });
    browser = await launchBrowser();
    // One load first, so the server's own first-request work is not in a measured one.
    await loadScreen(browser, baseUrl, '/login', undefined);

    const rows: BenchRow[] = [];
    const errors: string[] = [];
    if (!onlyScreens) {
      progress('web: /login');
      const login = await loadScreen(browser, baseUrl, '/login', undefined);
      errors.push(...login.errors);
      rows.push(bytesRow(login, LOGIN_TARGET_KB));

      const loads: ScreenLoad[] = [];
      for (const screen of areaScreens) {
        progress(`web: ${screen}`);
        const load = await loadScreen(browser, baseUrl, screen, user);
        errors.push(...load.errors);
        loads.push(load);
        // BENCH_WEB_DEBUG=1 lists each screen's files, to see what a budget is spent on.
        if (process.env.BENCH_WEB_DEBUG) for (const file of load.fileSizes) progress(`web:   ${file}`);
        rows.push(bytesRow(load, AREA_TARGET_KB));
      }
      for (const load of loads) rows.push(callsRow(load));

      const homeLoads: ScreenLoad[] = [];
      for (let load = 1; load <= LCP_LOADS; load += 1) {
        progress(`web: LCP of /, load ${load} of ${LCP_LOADS}`);
        const home = await loadScreen(browser, baseUrl, '/', user);
        errors.push(...home.errors);
        homeLoads.push(home);
      }
      const lcps = homeLoads.map((load) => load.lcp ?? Number.NaN);
      const lcp = median(lcps);
      rows.push({
        group: GROUP,
        metric: `/ · Largest Contentful Paint, signed in, median of ${LCP_LOADS}`,
        value: lcp,
        unit: 'ms',
        target: LCP_TARGET_MS,
        pass: lcp <= LCP_TARGET_MS,
        note: `loads: ${lcps.map((value) => Math.round(value)).join(', ')} ms`,
      });
      // The most API calls any of the loads made before it was usable.
      const home = homeLoads.reduce((most, load) =>
        load.callsBeforeUsable.length > most.callsBeforeUsable.length ? load : most,
      );
      rows.push(callsRow({ ...home, path: '/' }));
    }

    for (const screen of onlyScreens ?? listScreens) {
      progress(`web: ${screen.name}`);
      let run: ListRun;
      try {
        run = await measureList(browser, baseUrl, user, screen, progress);
      } catch (error) {
        // One screen that cannot be driven fails its rows, not the whole suite.
        const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        progress(`web: ${screen.name} failed: ${message}`);
        for (const metric of [
          'first rows after its data',
          'longest task while scrolling',
          'API requests per edit',
        ])
          rows.push({
            group: GROUP,
            metric: `${screen.name} · ${metric}`,
            value: Number.NaN,
            unit: '',
            pass: false,
            note: message,
          });
        continue;
      }
      errors.push(...run.errors);
      rows.push(
        {
          group: GROUP,
          metric: `${run.name} · first rows after its data`,
          value: run.firstRowsAfterData,
          unit: 'ms',
          target: FIRST_ROWS_TARGET_MS,
          pass: run.firstRowsAfterData <= FIRST_ROWS_TARGET_MS,
          note: `data at ${run.dataAt.toFixed(0)} ms, code at ${run.codeAt.toFixed(0)} ms, rows at ${run.firstRow.toFixed(0)} ms`,
        },
        {
          group: GROUP,
          metric: `${run.name} · longest task while scrolling`,
          value: run.longestScrollTask,
          unit: 'ms',
          target: SCROLL_TASK_TARGET_MS,
          pass: run.longestScrollTask <= SCROLL_TASK_TARGET_MS,
          note: `${run.isScrolledToEnd ? 'to the end' : 'not to the end'}: ${run.rowsReached.toLocaleString('en-US')} rows in ${run.scrollSeconds.toFixed(1)} s; ${describeMainThreadTime(run.scrollMainThread, run.rowsReached)}`,
        },
        {
          group: GROUP,
          metric: `${run.name} · API requests per edit`,
          value: run.editRequests.length,
          unit: 'requests',
          target: REQUESTS_PER_EDIT_TARGET,
          pass: run.editError === undefined && run.editRequests.length <= REQUESTS_PER_EDIT_TARGET,
          note: run.editError ? `the edit failed: ${run.editError}` : grouped(run.editRequests),
        },
      );
    }
    if (errors.length > 0) progress(`web: uncaught errors in the page: ${[...new Set(errors)].join('; ')}`);
    return rows;
  } finally {
    await browser?.close().catch(() => {});
    await stopServer(server);
    await rm(scratch, { recursive: true, force: true });
  }
}

function bytesRow(load: ScreenLoad, targetKb: number): BenchRow {
  const kb = load.bytes / 1024;
  const notes = [`${load.files} files`];
  if (load.reportingBytes > 0)
    notes.push(`+ ${(load.reportingBytes / 1024).toFixed(1)} KB error reporting after load`);
  if (load.uncompressed.length > 0) notes.push(`${load.uncompressed.length} sent uncompressed`);
  if (load.settledAt === undefined) notes.push(`still busy after ${LOAD_TIMEOUT_MS / 1000} s`);
  return {
    group: GROUP,
    metric: `${load.path} · JS+CSS transferred`,
    value: kb,
    unit: 'KB',
    target: targetKb,
    pass: kb <= targetKb,
    note: notes.join(', '),
  };
}

function callsRow(load: ScreenLoad): BenchRow {
  const count = load.callsBeforeUsable.length;
  return {
    group: GROUP,
    metric: `${load.path} · API calls before usable`,
    value: count,
    unit: 'calls',
    target: CALLS_BEFORE_USABLE_TARGET,
    pass: load.settledAt !== undefined && count <= CALLS_BEFORE_USABLE_TARGET,
    note: grouped(load.callsBeforeUsable),
  };
}

/** `GET /api/v1/tasks ×3, GET /api/v1/columns`: the same request once with its count. */
function grouped(requests: string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
  return (
    [...counts].map(([request, count]) => `${request}${count > 1 ? ` ×${count}` : ''}`).join(', ') || 'none'
  );
}
