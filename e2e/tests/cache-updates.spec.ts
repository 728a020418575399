import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { tasksApi, waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

/** More than two pages of the classic list (200 a page), so a refetch of every loaded page would show. */
const TASK_COUNT = 450;
/** A change to one task: its own request, and the smart views' counts. */
const MAX_REQUESTS_PER_CHANGE = 2;

/** A new user with TASK_COUNT open tasks, made through the API; answers their titles in the list's order. */
async function seedTasks(page: Page) {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  const api = tasksApi(page, baseURL, user.tokens.accessToken.token);
  const created: { id: string; title: string }[] = [];
  const BATCH = 25;
  for (let start = 0; start < TASK_COUNT; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, TASK_COUNT - start) }, (_, index) =>
      api.createTask({ title: `Errand ${String(start + index + 1).padStart(3, '0')}` }),
    );
    created.push(...(await Promise.all(batch)));
  }
  // The list sorts by due date, and none has one: then by id, as the API breaks ties.
  return { api, titles: created.sort((a, b) => (a.id < b.id ? -1 : 1)).map((task) => task.title) };
}

/** Records every API request the page makes from now on. */
function recordApiRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/'))
      requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return {
    /** The requests made since the last call. */
    take: () => requests.splice(0),
  };
}

/** Lets any refetch a change might trigger start and finish, so it is counted. */
async function settle(page: Page) {
  await page.waitForTimeout(1_500);
}

const column = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name},`) });

test('a scrolled-through classic list: ticking and renaming a task cost at most two requests each', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { titles } = await seedTasks(page);
  const requests = recordApiRequests(page);
  await page.goto('/classic-list?group=none');
  const lastTitle = titles.at(-1) as string;
  const last = page.getByRole('link', { name: lastTitle, exact: true });
  // Scroll to the end until every page is in.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(last).toBeVisible({ timeout: 1_000 });
    await expect(page.getByText('Loading more tasks…')).toHaveCount(0);
  }).toPass({ timeout: 30_000 });
  const pageLoads = requests.take().filter((request) => request.startsWith('GET /api/v1/tasks?'));
  expect(pageLoads.length).toBeGreaterThanOrEqual(3);

  // Tick the last task: it leaves the open tasks at once, and no page is loaded again.
  await settle(page);
  requests.take();
  const completed = waitForApi(page, 'POST', /\/complete$/);
  await page.getByRole('checkbox', { name: `Complete “${lastTitle}”` }).click();
  expect((await completed).status()).toBe(200);
  await expect(last).toHaveCount(0);
  await settle(page);
  const afterTick = requests.take();
  expect(afterTick.length, afterTick.join('\n')).toBeLessThanOrEqual(MAX_REQUESTS_PER_CHANGE);
  expect(afterTick.filter((request) => request.startsWith('GET /api/v1/tasks'))).toEqual([]);

  // Rename another task at the end of the list.
  const renamedTitle = titles.at(-2) as string;
  await page.getByRole('link', { name: renamedTitle, exact: true }).focus();
  await page.keyboard.press('F2');
  const field = page.getByRole('textbox', { name: 'Task title' });
  await field.fill('Errand renamed');
  const saved = waitForApi(page, 'PATCH', /\/tasks\/[^/]+$/);
  await field.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Errand renamed', exact: true })).toBeVisible();
  await settle(page);
  const afterRename = requests.take();
  expect(afterRename.length, afterRename.join('\n')).toBeLessThanOrEqual(MAX_REQUESTS_PER_CHANGE);
  expect(afterRename.filter((request) => request.startsWith('GET /api/v1/tasks'))).toEqual([]);

  // The cache held the truth: after a reload the list says the same.
  await page.goto('/classic-list?group=none');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('link', { name: 'Errand renamed', exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: lastTitle, exact: true })).toHaveCount(0);
});

test('moving a card between columns of a full board costs at most two requests', async ({ page }) => {
  test.setTimeout(120_000);
  const { titles } = await seedTasks(page);
  const requests = recordApiRequests(page);
  await page.goto('/kanban');
  const firstTitle = titles[0] as string;
  const card = column(page, 'To do').getByRole('article', { name: firstTitle });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(column(page, 'To do')).toHaveAccessibleName(new RegExp(`^To do, ${TASK_COUNT} cards`));
  await settle(page);
  requests.take();

  // From the keyboard, so no pointer passes over a card link (which preloads that task's page).
  const grip = page.getByRole('button', { name: `Move “${firstTitle}”` });
  await grip.focus();
  const moved = waitForApi(page, 'POST', /\/move$/);
  await page.keyboard.press('Space');
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  // The drag has measured the columns once it says where the card is; an arrow before that goes nowhere.
  await expect(page.getByText(`“${firstTitle}” is over To do`, { exact: false })).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(column(page, 'In progress').getByRole('article', { name: firstTitle })).toBeVisible();
  await page.keyboard.press('Space');
  expect((await moved).status()).toBe(200);
  await expect(column(page, 'In progress').getByRole('article', { name: firstTitle })).toBeVisible();
  await expect(column(page, 'To do').getByRole('article', { name: firstTitle })).toHaveCount(0);
  await settle(page);
  const afterMove = requests.take();
  expect(afterMove.length, afterMove.join('\n')).toBeLessThanOrEqual(MAX_REQUESTS_PER_CHANGE);
  expect(afterMove.filter((request) => request.startsWith('GET /api/v1/tasks'))).toEqual([]);
  await expect(column(page, 'In progress')).toHaveAccessibleName(/^In progress, 1 card/);
});
