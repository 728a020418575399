import type { Page, Response } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { tasksApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { addSessionCookies, createUser } from '../support/users';

const baseURL = serverUrl('main');

/** Issue 11's budget for /login: 120 KB of JavaScript and CSS as the server sends it (brotli). */
const LOGIN_BYTES_CEILING = 120 * 1024;

type NetworkEvent = { kind: 'request' | 'finished'; url: string };

/** Every request and every finished response of the page, in the order the browser reported them. */
function recordNetwork(page: Page): NetworkEvent[] {
  const events: NetworkEvent[] = [];
  page.on('request', (request) => events.push({ kind: 'request', url: request.url() }));
  page.on('requestfinished', (request) => events.push({ kind: 'finished', url: request.url() }));
  return events;
}

const isApiData = (url: string) => new URL(url).pathname.startsWith('/api/v1/');

function duplicates(urls: string[]): string[] {
  return urls.filter((url, index) => urls.indexOf(url) !== index);
}

/** A new user signed in through cookies, with one task; no page opened yet. */
async function signedInUserWithATask(page: Page, title: string) {
  const user = await createUser(page.request, baseURL);
  await addSessionCookies(page.context(), baseURL, {
    accessToken: user.tokens.accessToken.token,
    refreshToken: user.tokens.refreshToken.token,
  });
  await tasksApi(page, baseURL, user.tokens.accessToken.token).createTask({ title });
}

test('a fresh load of the classic list asks for its tasks at once, and for nothing twice', async ({
  page,
}) => {
  await signedInUserWithATask(page, 'Water the plants');
  const events = recordNetwork(page);

  await page.goto('/classic-list');
  await expect(page.getByText('Water the plants')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const apiRequests = events.filter((event) => event.kind === 'request' && isApiData(event.url));
  expect(apiRequests.map((event) => new URL(event.url).pathname)).toEqual(
    expect.arrayContaining(['/api/v1/tasks', '/api/v1/start-up']),
  );
  expect(duplicates(apiRequests.map((event) => event.url))).toEqual([]);

  // The route's loader starts the first page while the screen's own code is still on its way.
  const tasksRequested = events.findIndex(
    (event) => event.kind === 'request' && new URL(event.url).pathname === '/api/v1/tasks',
  );
  const screenCodeLoaded = events.findIndex(
    (event) => event.kind === 'finished' && /\/assets\/classic-list-[\w-]+\.js$/.test(event.url),
  );
  expect(screenCodeLoaded, 'the classic list chunk was loaded').toBeGreaterThan(-1);
  expect(tasksRequested).toBeGreaterThan(-1);
  expect(tasksRequested).toBeLessThan(screenCodeLoaded);
});

test('a fresh load of the board asks for nothing twice', async ({ page }) => {
  await signedInUserWithATask(page, 'Sort the mail');
  const events = recordNetwork(page);

  await page.goto('/kanban');
  await expect(page.getByText('Sort the mail')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const apiUrls = events
    .filter((event) => event.kind === 'request' && isApiData(event.url))
    .map((event) => event.url);
  expect(apiUrls.map((url) => new URL(url).pathname)).toEqual(
    expect.arrayContaining(['/api/v1/columns', '/api/v1/start-up']),
  );
  expect(duplicates(apiUrls)).toEqual([]);

  // The sidebar, header and their menus come in one file rather than some 25 (vite.config.ts).
  const frameFiles = events.filter(
    (event) => event.kind === 'finished' && /\/assets\/signed-in-frame-[\w-]+\.js$/.test(event.url),
  );
  expect(frameFiles, 'the signed-in frame loaded as one file').toHaveLength(1);
  await expect(page.getByRole('navigation', { name: 'Lists' })).toBeVisible();
});

test('a signed-in home page asks for the frame and its own code as the page opens, each file once', async ({
  page,
}) => {
  await signedInUserWithATask(page, 'Book the train');
  const events = recordNetwork(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const scripts = events
    .filter((event) => event.kind === 'request' && new URL(event.url).pathname.endsWith('.js'))
    .map((event) => new URL(event.url).pathname);
  expect(duplicates(scripts)).toEqual([]);
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const asked = (pattern: RegExp) =>
      resources.find((entry) => pattern.test(new URL(entry.name).pathname))?.startTime;
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      frame: asked(/^\/assets\/signed-in-frame-[\w-]+\.js$/),
      homePage: asked(/^\/assets\/-home-page-[\w-]+\.js$/),
      parsed: navigation?.domInteractive,
    };
  });
  // The app's own code runs once the page is parsed; these were asked for while it was being parsed.
  expect(timing.parsed).toBeGreaterThan(0);
  expect(timing.frame).toBeLessThan(timing.parsed as number);
  expect(timing.homePage).toBeLessThan(timing.parsed as number);
});

test('a signed-in screen fetches error reporting only after its own code and data, once it shows', async ({
  page,
}) => {
  await signedInUserWithATask(page, 'Call the plumber');
  await page.goto('/classic-list');
  await expect(page.getByText('Call the plumber')).toBeVisible();

  const timing = () =>
    page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const find = (pattern: RegExp) => resources.find((entry) => pattern.test(new URL(entry.name).pathname));
      return {
        firstContent: performance.getEntriesByName('first-contentful-paint', 'paint')[0]?.startTime,
        screenCodeEnd: find(/^\/assets\/classic-list-[\w-]+\.js$/)?.responseEnd,
        tasksEnd: find(/^\/api\/v1\/tasks$/)?.responseEnd,
        sdkStart: find(/^\/assets\/sentry-sdk-[\w-]+\.js$/)?.startTime,
      };
    });
  await expect.poll(async () => (await timing()).sdkStart).toBeGreaterThan(0);
  const { firstContent, screenCodeEnd, tasksEnd, sdkStart } = await timing();
  expect(firstContent).toBeGreaterThan(0);
  expect(sdkStart).toBeGreaterThanOrEqual(firstContent as number);
  expect(sdkStart).toBeGreaterThanOrEqual(screenCodeEnd as number);
  expect(sdkStart).toBeGreaterThanOrEqual(tasksEnd as number);
});

test('the login page downloads its code precompressed with brotli, error reporting after the first paint', async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') responses.push(response);
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // The error-reporting SDK is fetched only once the page has loaded and shown its first content.
  const timing = () =>
    page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const firstContent = performance.getEntriesByName('first-contentful-paint', 'paint')[0];
      const sdk = performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/sentry-sdk-[\w-]+\.js$/.test(entry.name));
      return {
        loadEnd: navigation.loadEventEnd,
        firstContent: firstContent?.startTime,
        sdkStart: sdk?.startTime,
      };
    });
  await expect.poll(async () => (await timing()).sdkStart).toBeGreaterThan(0);
  const { loadEnd, firstContent, sdkStart } = await timing();
  expect(sdkStart).toBeGreaterThanOrEqual(loadEnd);
  expect(firstContent).toBeGreaterThan(0);
  expect(sdkStart).toBeGreaterThanOrEqual(firstContent as number);
  await page.waitForLoadState('networkidle');

  const files = await Promise.all(
    responses.map(async (response) => ({
      path: new URL(response.url()).pathname,
      encoding: (await response.allHeaders())['content-encoding'],
      bytes: (await response.request().sizes()).responseBodySize,
    })),
  );
  const assets = files.filter((file) => file.path.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(0);
  // The toast library loads only once a toast is shown (a failed login, say).
  expect(assets.map((file) => file.path)).not.toContainEqual(expect.stringMatching(/\/assets\/sonner-/));
  // Nor the class-merging library, which only the signed-in screens need (lib/cn.ts), nor their frame.
  for (const signedInOnly of [/\/assets\/tailwind-merge-/, /\/assets\/signed-in-frame-/])
    expect(assets.map((file) => file.path)).not.toContainEqual(expect.stringMatching(signedInOnly));
  for (const file of assets) expect(file, file.path).toMatchObject({ encoding: 'br' });

  const firstPaint = files.filter((file) => !/\/assets\/sentry-sdk-/.test(file.path));
  const total = firstPaint.reduce((sum, file) => sum + file.bytes, 0);
  test
    .info()
    .annotations.push({ type: '/login bytes before error reporting (brotli)', description: String(total) });
  expect(total).toBeLessThanOrEqual(LOGIN_BYTES_CEILING);
});
