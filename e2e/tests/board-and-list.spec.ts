import type { Locator, Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { tasksApi, waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

/** A new user with the API at hand; the page is not opened yet, so tests can arrange data first. */
async function createUserOnly(page: Page) {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  const api = tasksApi(page, baseURL, user.tokens.accessToken.token);
  return {
    ...api,
    /** The task as the API has it, with the fields the shared helper leaves out. */
    getTask: async (id: string) =>
      (await api.getTask(id)) as Awaited<ReturnType<typeof api.getTask>> & {
        title: string;
        archivedAt: string | null;
      },
    createSubtask: (title: string, parentId: string) =>
      api.createTask({ title, parentId } as Parameters<typeof api.createTask>[0]),
  };
}

const column = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name},`) });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

/** The element's box lies within the container's, left to right, and nothing in it spills out sideways. */
async function expectWithinWidth(inner: Locator, outer: Locator) {
  const [a, b] = [await box(inner), await box(outer)];
  expect(a.width).toBeLessThanOrEqual(b.width);
  expect(a.x).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
  for (const element of [inner, outer]) {
    expect(await element.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(1);
  }
}

test.describe('long titles', () => {
  const longTitle = `https://example.com/${'a'.repeat(280)}`;

  test('a card with a long unbroken title keeps its column’s width on the board and the grid', async ({
    page,
  }) => {
    const api = await createUserOnly(page);
    await api.createTask({ title: longTitle });
    await page.goto('/kanban');
    const todo = column(page, 'To do');
    const card = todo.getByRole('article', { name: longTitle });
    await expect(card).toBeVisible();
    await expectWithinWidth(card, todo);

    await page.goto('/importance-grid');
    const cell = page.locator('[data-cell="medium-medium"]');
    const gridCard = cell.getByRole('article', { name: longTitle });
    await expect(gridCard).toBeVisible();
    await expectWithinWidth(gridCard, cell);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/kanban', '/importance-grid', '/classic-list']) {
    test(`${path} never pans sideways, and its filters fold behind one button`, async ({ page }) => {
      const api = await createUserOnly(page);
      await api.createTask({ title: 'Pay the invoice', urgency: 'high' });
      await page.goto(path);
      await expect(page.getByRole('checkbox', { name: 'Complete “Pay the invoice”' })).toBeVisible();

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      const filters = page.getByRole('button', { name: 'Filters' });
      const list = page.getByRole('combobox', { name: 'List' });
      await expect(filters).toHaveAttribute('aria-expanded', 'false');
      await expect(list).toBeHidden();
      await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toBeVisible();

      // From the keyboard: the button is in the tab order and unfolds the filters.
      await filters.focus();
      await page.keyboard.press('Enter');
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      await expect(list).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }

  test('on a desktop the filters stay in view without the button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await createUserOnly(page);
    await page.goto('/kanban');
    await expect(page.getByRole('combobox', { name: 'List' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters' })).toBeHidden();
  });
});

test('each filter change is a step Back returns through', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createUserOnly(page);
  await page.goto('/classic-list');
  await page.getByRole('combobox', { name: 'Urgency' }).selectOption('high');
  await expect(page).toHaveURL(/urgency=high/);
  await page.getByRole('combobox', { name: 'Importance' }).selectOption('low');
  await expect(page).toHaveURL(/importance=low/);
  await page.goBack();
  await expect(page).toHaveURL(/urgency=high/);
  await expect(page).not.toHaveURL(/importance=low/);
  await expect(page.getByRole('combobox', { name: 'Importance' })).toHaveValue('');
  await page.goBack();
  await expect(page).not.toHaveURL(/urgency=/);
});

test.describe('undo', () => {
  test('archiving selected tasks shows a toast whose Undo brings them all back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const api = await createUserOnly(page);
    await api.updateConfig({ isBatchEnabled: true });
    for (const title of ['Pay rent', 'Call mum']) await api.createTask({ title });
    await page.goto('/classic-list');
    await page.getByRole('button', { name: 'Select' }).click();
    await page.getByRole('checkbox', { name: 'Select “Pay rent”' }).click();
    await expect(page.getByRole('checkbox', { name: 'Select “Pay rent”' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Select “Call mum”' }).click();
    await expect(page.getByRole('checkbox', { name: 'Select “Call mum”' })).toBeChecked();
    await page
      .getByRole('toolbar', { name: 'Change the selected tasks' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await expect(page.getByRole('link', { name: 'Pay rent' })).toBeHidden();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('link', { name: 'Pay rent' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call mum' })).toBeVisible();
  });

  test('archiving from a row’s menu shows a toast whose Undo brings the row back', async ({ page }) => {
    const api = await createUserOnly(page);
    const task = await api.createTask({ title: 'Water the plants' });
    await page.goto('/classic-list');
    const title = page.getByRole('link', { name: 'Water the plants' });
    await expect(title).toBeVisible();

    await page.getByRole('button', { name: 'More for “Water the plants”' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(title).toHaveCount(0);
    const archived = toast(page, '“Water the plants” archived');
    await expect(archived).toBeVisible();
    await expect.poll(async () => (await api.getTask(task.id)).archivedAt).not.toBeNull();

    const unarchived = waitForApi(page, 'POST', /\/unarchive$/);
    await archived.getByRole('button', { name: 'Undo' }).click();
    expect((await unarchived).status()).toBe(200);
    await expect(title).toBeVisible();
    expect((await api.getTask(task.id)).archivedAt).toBeNull();
  });

  test('moving a card to the trash shows a toast whose Undo restores it', async ({ page }) => {
    const api = await createUserOnly(page);
    await api.createTask({ title: 'Book the venue' });
    await page.goto('/kanban');
    const card = column(page, 'To do').getByRole('article', { name: 'Book the venue' });
    await expect(card).toBeVisible();

    await page.getByRole('button', { name: 'More for “Book the venue”' }).click();
    await page.getByRole('menuitem', { name: 'Move to trash' }).click();
    await expect(card).toHaveCount(0);
    const trashed = toast(page, '“Book the venue” moved to the trash');
    await expect(trashed).toBeVisible();

    const restored = waitForApi(page, 'POST', /\/restore$/);
    await trashed.getByRole('button', { name: 'Undo' }).click();
    expect((await restored).status()).toBe(200);
    await expect(card).toBeVisible();
  });

  test('completing a task shows a toast whose Undo reopens it', async ({ page }) => {
    const api = await createUserOnly(page);
    const task = await api.createTask({ title: 'Call the plumber' });
    await page.goto('/classic-list');
    const checkbox = page.getByRole('checkbox', { name: 'Complete “Call the plumber”' });

    await checkbox.click();
    // The list shows open tasks: the completed one leaves it.
    await expect(checkbox).toHaveCount(0);
    const completed = toast(page, '“Call the plumber” completed');
    await expect(completed).toBeVisible();

    const reopened = waitForApi(page, 'POST', /\/uncomplete$/);
    await completed.getByRole('button', { name: 'Undo' }).click();
    expect((await reopened).status()).toBe(200);
    await expect(checkbox).not.toBeChecked();
    expect((await api.getTask(task.id)).completedAt).toBeNull();
  });
});

test.describe('titles and the quick menu', () => {
  test('a click on a title opens the task, in the list and on the board', async ({ page }) => {
    const api = await createUserOnly(page);
    const task = await api.createTask({ title: 'Review the budget' });

    await page.goto('/classic-list');
    await page.getByRole('link', { name: 'Review the budget' }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));

    await page.goto('/kanban');
    await column(page, 'To do').getByRole('link', { name: 'Review the budget' }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}$`));
  });

  test('renaming is an explicit action: the menu’s Rename, or F2', async ({ page }) => {
    const api = await createUserOnly(page);
    const task = await api.createTask({ title: 'Wash the car' });
    await page.goto('/classic-list');

    await page.getByRole('link', { name: 'Wash the car' }).focus();
    await page.keyboard.press('F2');
    const field = page.getByRole('textbox', { name: 'Task title' });
    await expect(field).toBeFocused();
    await field.fill('Wash the bike');
    const saved = waitForApi(page, 'PATCH', new RegExp(`/tasks/${task.id}$`));
    await field.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Wash the bike' })).toBeVisible();

    await page.goto('/kanban');
    await page.getByRole('button', { name: 'More for “Wash the bike”' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialogField = page.getByRole('alertdialog').getByRole('textbox');
    await dialogField.fill('Wash the boat');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(column(page, 'To do').getByRole('link', { name: 'Wash the boat' })).toBeVisible();
    await expect.poll(async () => (await api.getTask(task.id)).title).toBe('Wash the boat');
  });

  test('the menu sets the due date to tomorrow, and the task is in the Tomorrow view', async ({ page }) => {
    const api = await createUserOnly(page);
    await api.createTask({ title: 'Renew the passport' });
    await page.goto('/classic-list');

    await page.getByRole('button', { name: 'More for “Renew the passport”' }).click();
    await page.getByRole('menuitem', { name: 'Due date' }).click();
    const saved = waitForApi(page, 'PATCH', /\/tasks\/[^/]+$/);
    // From the keyboard: at the right edge the submenu opens leftwards, and a pointer that jumps
    // across (as a test's does, not a hand's) leaves its path.
    await page.getByRole('menuitem', { name: 'Tomorrow' }).focus();
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);

    await page.goto('/classic-list?view=tomorrow');
    await expect(page.getByRole('link', { name: 'Renew the passport' })).toBeVisible();
    await page.goto('/classic-list?view=today');
    await expect(page.getByText('No tasks match these filters.')).toBeVisible();
  });

  test('the menu sets urgency and importance without opening the task', async ({ page }) => {
    const api = await createUserOnly(page);
    const task = await api.createTask({ title: 'File the taxes' });
    await page.goto('/kanban');

    await page.getByRole('button', { name: 'More for “File the taxes”' }).click();
    await page.getByRole('menuitem', { name: 'Urgency' }).click();
    await page.getByRole('menuitemradio', { name: 'High' }).click();
    await expect.poll(async () => (await api.getTask(task.id)).urgency).toBe('high');

    await page.getByRole('button', { name: 'More for “File the taxes”' }).click();
    await page.getByRole('menuitem', { name: 'Importance' }).click();
    await page.getByRole('menuitemradio', { name: 'Low' }).click();
    await expect.poll(async () => (await api.getTask(task.id)).importance).toBe('low');
  });
});

test('the board and the grid show top-level tasks with their subtask count, and subtasks on request', async ({
  page,
}) => {
  const api = await createUserOnly(page);
  const parent = await api.createTask({ title: 'Plan the launch' });
  for (const title of ['Write the announcement', 'Book the hall']) await api.createSubtask(title, parent.id);
  const extra = await api.createSubtask('Print the posters', parent.id);
  await api.completeTask(extra.id);

  for (const path of ['/kanban', '/importance-grid']) {
    await page.goto(path);
    const card = page.getByRole('article', { name: 'Plan the launch' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('1/3 subtasks done');
    await expect(page.getByRole('article', { name: 'Write the announcement' })).toHaveCount(0);

    const toggle = page.getByRole('button', { name: 'Show subtasks' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/subtasks=true/);
    await expect(page.getByRole('article', { name: 'Write the announcement' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Book the hall' })).toBeVisible();
  }
});

test.describe('sidebar and home', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar fills the screen on a long page and scrolls to Archive and Trash', async ({ page }) => {
    const api = await createUserOnly(page);
    await api.createList('Work');
    await api.createList('Home');
    for (let index = 0; index < 20; index += 1) await api.createTask({ title: `Errand ${index + 1}` });
    await page.goto('/classic-list');
    // The list renders only the rows near the screen; what matters is a page longer than the window.
    await expect(page.getByRole('link', { name: 'Errand 1', exact: true })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1200);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const sidebar = page.locator('aside');
    const sidebarBox = await box(sidebar);
    expect(sidebarBox.y).toBeLessThanOrEqual(0.5);
    expect(sidebarBox.height).toBeGreaterThanOrEqual(799);

    const trash = sidebar.getByRole('link', { name: 'Trash' });
    await trash.scrollIntoViewIfNeeded();
    await expect(trash).toBeInViewport();
    await trash.click();
    await expect(page).toHaveURL(/\/trash$/);
  });

  test('“Add column” can be brought fully into view on the board', async ({ page }) => {
    await createUserOnly(page);
    await page.goto('/kanban');
    const add = page.getByRole('button', { name: 'Add column' });
    await add.scrollIntoViewIfNeeded();
    await expect(add).toBeInViewport({ ratio: 1 });
  });

  test('home describes the grid as it is drawn: three by three', async ({ page }) => {
    await createUserOnly(page);
    await page.goto('/');
    await expect(page.getByText(/four squares/)).toHaveCount(0);
    await expect(page.getByText('Urgency against importance, in nine cells (3 × 3).')).toBeVisible();
  });
});

test.describe('a board of many cards', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a column of 600 cards shows its total, keeps only a window of cards in the page and loads more as it scrolls', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const api = await createUserOnly(page);
    const [todo] = await api.getColumns();
    const titles = Array.from({ length: 600 }, (_, index) => `Card ${String(index + 1).padStart(3, '0')}`);
    const last = titles.at(-1)!;
    // A few at a time: the server places each at the end of the column, in the order they arrive.
    for (let start = 0; start < titles.length - 1; start += 6) {
      await Promise.all(
        titles.slice(start, Math.min(start + 6, titles.length - 1)).map((title) => api.createTask({ title })),
      );
    }
    await api.createTask({ title: last });

    const taskRequests: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/v1/tasks')) taskRequests.push(`${pathname}${search}`);
    });
    await page.goto('/kanban');
    const column = page.getByRole('region', { name: 'To do, 600 cards' });
    await expect(column.getByRole('article').first()).toBeVisible();
    await expect(column.getByText('600', { exact: true })).toBeVisible();
    // One request brought every column's first cards.
    expect(taskRequests.filter((url) => url.startsWith('/api/v1/tasks/groups'))).toHaveLength(1);
    expect(taskRequests.filter((url) => url.startsWith('/api/v1/tasks?'))).toEqual([]);
    expect(await column.getByRole('listitem').count()).toBeLessThan(100);

    const scroller = column.getByRole('list').locator('xpath=..');
    const nextPage = waitForApi(page, 'GET', /^\/api\/v1\/tasks$/);
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const response = await nextPage;
    const url = new URL(response.url());
    expect(url.searchParams.get('columnId')).toBe(todo!.id);
    expect(url.searchParams.get('cursor')).toBeTruthy();
    expect(url.searchParams.get('limit')).toBe('50');

    // To the end of the column, a page at a time; the page never holds more than a window of cards.
    for (let step = 0; step < 40; step += 1) {
      if (await column.getByRole('article', { name: last }).isVisible()) break;
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForTimeout(150);
      expect(await column.getByRole('listitem').count()).toBeLessThan(100);
    }
    await expect(column.getByRole('article', { name: last })).toBeVisible();
    await expect(column.getByText('Loading more…')).toHaveCount(0);
    expect(await column.getByRole('listitem').count()).toBeLessThan(100);
    expect(taskRequests.filter((url) => url.startsWith('/api/v1/tasks?'))).toHaveLength(11);

    // The grid pages its cells the same way.
    await page.goto('/importance-grid');
    const cell = page.getByRole('region', { name: 'Medium urgency, medium importance, 600 tasks' });
    await expect(cell.getByRole('article').first()).toBeVisible();
    expect(await cell.getByRole('listitem').count()).toBeLessThan(100);
  });
});
