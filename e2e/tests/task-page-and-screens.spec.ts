import type { APIRequestContext, Page, Request } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

interface ApiTask {
  id: string;
  title: string;
  completedAt: string | null;
  estimatedTime: number | null;
}

/** The API as the signed-in user, to set up tasks quickly and check what the screens saved. */
function tasksApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  async function send<Body>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<Body> {
    const response = await request.fetch(`${baseURL}/api/v1${path}`, { method, headers, data });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.json();
  }
  return {
    create: (title: string, options: { parentId?: string; listId?: string } = {}) =>
      send<ApiTask>('POST', '/tasks', { title, ...options }),
    get: (id: string) => send<ApiTask>('GET', `/tasks/${id}`),
    archive: (id: string) => send<ApiTask>('POST', `/tasks/${id}/archive`, {}),
    createList: (name: string) => send<{ id: string }>('POST', '/lists', { name }),
    getConfig: () => send<{ defaultView: string | null }>('GET', '/task-manager-config'),
    updateConfig: (body: Record<string, unknown>) => send('PATCH', '/task-manager-config', body),
  };
}

async function openAsNewUserWithApi(page: Page, path = '/') {
  const user = await openAppAsNewUser(page, baseURL, path);
  return tasksApi(page.request, user.tokens.accessToken.token);
}

/** The sidebar's highlighted entries (a phone hides the sidebar; these tests use the desktop size). */
function highlightedNavEntries(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).locator('a[data-status="active"]');
}

test.describe('home and the default view', () => {
  test('with a default view chosen, Home still opens the home page and the logo the view', async ({
    page,
  }) => {
    await openAsNewUserWithApi(page);
    await expect(page.getByRole('radio', { name: /This home page/ })).toBeChecked();
    await expect(highlightedNavEntries(page)).toHaveText(['Home']);

    const saved = waitForApi(page, 'PATCH', /\/task-manager-config$/);
    await page.getByRole('main').getByText('Kanban', { exact: true }).click();
    expect((await saved).status()).toBe(200);

    // Opening the app leads to the default view, with that view alone highlighted.
    await page.goto('/');
    await expect(page).toHaveURL(`${baseURL}/kanban`);
    await expect(highlightedNavEntries(page)).toHaveText(['Kanban']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('radio', { name: /Kanban/ })).toBeChecked();
    await expect(highlightedNavEntries(page)).toHaveText(['Home']);

    await page.getByRole('link', { name: 'Cairn' }).first().click();
    await expect(page).toHaveURL(`${baseURL}/kanban`);
    await expect(highlightedNavEntries(page)).toHaveText(['Kanban']);
  });

  test('the default view is also chosen in the profile', async ({ page }) => {
    const api = await openAsNewUserWithApi(page, '/profile');
    const select = page.getByLabel('Default view');
    await expect(select).toHaveValue('');
    await expect(select).toContainText('The home page');

    let saved = waitForApi(page, 'PATCH', /\/task-manager-config$/);
    await select.selectOption({ label: 'Classic list' });
    expect((await saved).status()).toBe(200);
    expect((await api.getConfig()).defaultView).toBe('classic-list');
    await page.goto('/');
    await expect(page).toHaveURL(`${baseURL}/classic-list`);

    await page.goto('/profile');
    await expect(page.getByLabel('Default view')).toHaveValue('classic-list');
    saved = waitForApi(page, 'PATCH', /\/task-manager-config$/);
    await page.getByLabel('Default view').selectOption({ label: 'The home page' });
    expect((await saved).status()).toBe(200);
    expect((await api.getConfig()).defaultView).toBeNull();
  });
});

test('an archived task shows in its list tree marked as archived', async ({ page }) => {
  const api = await openAsNewUserWithApi(page);
  const list = await api.createList('Kitchen');
  await api.create('Fix the tap', { listId: list.id });
  const old = await api.create('Old shelves', { listId: list.id });
  await api.archive(old.id);
  await page.goto(`/lists/${list.id}/tree`);

  const tree = page.getByRole('tree', { name: 'Tasks of Kitchen' });
  await expect(tree.getByRole('treeitem', { name: 'Fix the tap', exact: true })).toBeVisible();
  const archived = tree.getByRole('treeitem', { name: 'Old shelves, archived', exact: true });
  await expect(archived).toBeVisible();
  await expect(archived).toContainText('Archived');
});

test.describe('edits the task page refuses say why, next to the field', () => {
  test('a title that is too long is kept in the field, explained, and not saved', async ({ page }) => {
    const api = await openAsNewUserWithApi(page);
    const task = await api.create('Plan the trip');
    await page.goto(`/tasks/${task.id}`);

    await page.getByRole('button', { name: 'Plan the trip' }).click();
    const field = page.getByLabel('Task title');
    const pasted = 'x'.repeat(10_000);
    await field.fill(pasted);
    await expect(field).toHaveValue(pasted);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Title must be 500 characters or less');
    await field.press('Enter');
    await expect(field).toBeVisible();

    await field.fill('');
    await field.press('Enter');
    await expect(field).toHaveAccessibleDescription('Title is required');
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill('Plan the summer trip');
    await expect(field).not.toHaveAttribute('aria-invalid');
    await field.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Plan the summer trip' })).toBeVisible();
    await expect.poll(async () => (await api.get(task.id)).title).toBe('Plan the summer trip');
  });

  test('a negative estimate is explained and not saved', async ({ page }) => {
    const api = await openAsNewUserWithApi(page);
    const task = await api.create('Mow the lawn');
    await page.goto(`/tasks/${task.id}`);

    const estimate = page.getByLabel('Estimate (minutes)');
    await estimate.fill('-5');
    await estimate.press('Enter');
    await expect(estimate).toHaveAttribute('aria-invalid', 'true');
    await expect(estimate).toHaveAccessibleDescription('Estimate must be 0 or more');

    const saved = waitForApi(page, 'PATCH', new RegExp(`/tasks/${task.id}$`));
    await estimate.fill('45');
    await estimate.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(estimate).not.toHaveAttribute('aria-invalid');
    expect((await api.get(task.id)).estimatedTime).toBe(45);
  });
});

test('completing a parent asks before sending, counting open subtasks as its section does', async ({
  page,
}) => {
  const api = await openAsNewUserWithApi(page);
  const parent = await api.create('Renovate the bathroom');
  const tiles = await api.create('Choose tiles', { parentId: parent.id });
  await api.create('Order the tiles', { parentId: tiles.id });
  const plumber = await api.create('Call a plumber', { parentId: parent.id });
  await api.archive(plumber.id);
  await page.goto(`/tasks/${parent.id}`);
  const progress = page.getByText(/^\d+\/\d+ done$/);
  await expect(progress).toHaveText('0/1 done');

  const completions: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/complete')) completions.push(request);
  });
  await page.getByRole('checkbox', { name: 'Complete “Renovate the bathroom”' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Complete the subtasks too?' });
  await expect(dialog).toContainText('has 1 open subtask.');
  expect(completions).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('checkbox', { name: 'Complete “Renovate the bathroom”' })).not.toBeChecked();
  expect(completions).toHaveLength(0);
  expect((await api.get(parent.id)).completedAt).toBeNull();

  // A subtask that has open subtasks of its own asks the same way, before anything is sent.
  await page.getByRole('checkbox', { name: 'Complete “Choose tiles”' }).click();
  await expect(dialog).toContainText('“Choose tiles” has 1 open subtask.');
  expect(completions).toHaveLength(0);
  await dialog.getByRole('button', { name: 'Complete all' }).click();
  await expect(page.getByRole('checkbox', { name: 'Complete “Choose tiles”' })).toBeChecked();
  await expect(progress).toHaveText('1/1 done');
  expect(completions).toHaveLength(1);
  expect((await api.get(tiles.id)).completedAt).not.toBeNull();
});

test.describe('missing lists and tasks are shown inside the app', () => {
  test('a list that does not exist, by a well-formed or a malformed id', async ({ page }) => {
    await openAsNewUserWithApi(page);
    for (const listId of [crypto.randomUUID(), 'not-a-list']) {
      await page.goto(`/lists/${listId}/tree`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'This list does not exist or was deleted' }),
      ).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByText('Its tasks were kept')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Back to your tasks' })).toBeVisible();
    }
  });

  // As it already was; kept beside the list's case so both stay alike.
  test('a task that does not exist, by a malformed id', async ({ page }) => {
    await openAsNewUserWithApi(page);
    for (const path of ['/tasks/not-a-task', '/tasks/not-a-task/tree']) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'This task does not exist or was deleted' }),
      ).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
  });

  test("a missing task's tree is asked for once", async ({ page }) => {
    await openAsNewUserWithApi(page);
    const taskId = crypto.randomUUID();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/v1/tasks/${taskId}/tree`)) asked.push(request.url());
    });

    await page.goto(`/tasks/${taskId}/tree`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This task does not exist or was deleted' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // Time for a second request, had one been going to follow.
    await page.waitForTimeout(500);
    expect(asked).toHaveLength(1);
  });
});

test('a checklist item keeps its open menu when the server saves it', async ({ page }) => {
  const api = await openAsNewUserWithApi(page);
  const task = await api.create('Bake bread');
  await page.goto(`/tasks/${task.id}`);

  // The server's answer is held back until the new item's menu is open.
  let releaseSave: () => void = () => {};
  const isSaveReleased = new Promise<void>((resolve) => {
    releaseSave = resolve;
  });
  await page.route(`**/api/v1/tasks/${task.id}/checklist-items`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await isSaveReleased;
    return route.fallback();
  });

  const newItem = page.getByLabel('New checklist item');
  await newItem.fill('Buy flour');
  await newItem.press('Enter');
  await page.getByRole('button', { name: 'Actions for “Buy flour”' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();

  const saved = waitForApi(page, 'POST', /\/checklist-items$/);
  const refreshed = waitForApi(page, 'GET', new RegExp(`/tasks/${task.id}$`));
  releaseSave();
  expect((await saved).status()).toBe(201);
  // The refresh that follows the save has come in too.
  await refreshed;
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Optional' }).click();
  await expect(page.getByRole('list', { name: 'Checklist' }).getByText('optional')).toBeVisible();
});
