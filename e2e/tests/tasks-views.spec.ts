import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { dragWithMouse, tasksApi, waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

async function signIn(page: Page, path: string) {
  const user = await createUserOnly(page);
  await page.goto(path);
  return user;
}

/** A new user with the API at hand; the page is not opened yet, so tests can arrange data first. */
async function createUserOnly(page: Page) {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  return tasksApi(page, baseURL, user.tokens.accessToken.token);
}

const column = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name},`) });

test.describe('kanban', () => {
  test('cards move between columns with the mouse and the keyboard, and stay there after a reload', async ({
    page,
  }) => {
    const api = await createUserOnly(page);
    const work = await api.createList('Work');
    const first = await api.createTask({ title: 'Write the report', listId: work.id });
    const second = await api.createTask({ title: 'Review the budget', listId: work.id });
    const [, inProgress] = await api.getColumns();
    await page.goto('/kanban');

    await expect(column(page, 'To do').getByRole('article')).toHaveCount(2);
    const mouseMove = waitForApi(page, 'POST', /\/move$/);
    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Move “Write the report”' }),
      column(page, 'In progress'),
    );
    expect((await mouseMove).status()).toBe(200);
    await expect(
      column(page, 'In progress').getByRole('article', { name: 'Write the report' }),
    ).toBeVisible();

    // From the keyboard: pick up with Space, one column to the right, drop with Space.
    const grip = page.getByRole('button', { name: 'Move “Review the budget”' });
    await grip.focus();
    const keyboardMove = waitForApi(page, 'POST', /\/move$/);
    await page.keyboard.press('Space');
    await expect(grip).toHaveAttribute('aria-pressed', 'true');
    // The drag has measured the columns once it says where the card is; an arrow before that goes nowhere.
    await expect(page.getByText('“Review the budget” is over To do', { exact: false })).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(
      column(page, 'In progress').getByRole('article', { name: 'Review the budget' }),
    ).toBeVisible();
    await page.keyboard.press('Space');
    expect((await keyboardMove).status()).toBe(200);

    await page.reload();
    await expect(column(page, 'In progress').getByRole('article')).toHaveText([
      /Write the report|Review the budget/,
      /Write the report|Review the budget/,
    ]);
    expect((await api.getTask(first.id)).columnId).toBe(inProgress?.id);
    expect((await api.getTask(second.id)).columnId).toBe(inProgress?.id);
  });

  test('dropping a card into the completion column completes it', async ({ page }) => {
    const api = await createUserOnly(page);
    const task = await api.createTask({ title: 'Pay the invoice' });
    await page.goto('/kanban');

    const moved = waitForApi(page, 'POST', /\/move$/);
    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Move “Pay the invoice”' }),
      column(page, 'Done'),
    );
    expect((await moved).status()).toBe(200);

    const done = column(page, 'Done');
    await expect(done.getByRole('checkbox', { name: 'Complete “Pay the invoice”' })).toBeChecked();
    expect((await api.getTask(task.id)).completedAt).not.toBeNull();
  });
});

test.describe('classic list', () => {
  test('the checkbox completes a task, and it stays completed after a reload', async ({ page }) => {
    const api = await createUserOnly(page);
    const task = await api.createTask({ title: 'Water the plants' });
    await page.goto('/classic-list?status=all');

    const checkbox = page.getByRole('checkbox', { name: 'Complete “Water the plants”' });
    await expect(checkbox).not.toBeChecked();
    const completed = waitForApi(page, 'POST', /\/complete$/);
    await checkbox.click();
    await expect(checkbox).toBeChecked();
    expect((await completed).status()).toBe(200);

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Complete “Water the plants”' })).toBeChecked();
    expect((await api.getTask(task.id)).completedAt).not.toBeNull();
  });

  test('ticking a task with an open subtask asks first; Complete all completes both', async ({ page }) => {
    const api = await createUserOnly(page);
    const parent = await api.createTask({ title: 'Pack for the trip' });
    const child = await api.createTask({ title: 'Find the passport', parentId: parent.id });
    await page.goto('/classic-list?status=all');

    const completions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/complete')) completions.push(request.url());
    });
    const parentBox = page.getByRole('checkbox', { name: 'Complete “Pack for the trip”' });
    await parentBox.click();
    const dialog = page.getByRole('alertdialog', { name: 'Complete the subtasks too?' });
    await expect(dialog).toContainText('“Pack for the trip” has 1 open subtask.');
    expect(completions).toHaveLength(0);

    await dialog.getByRole('button', { name: 'Complete all' }).click();
    await expect(parentBox).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Complete “Find the passport”' })).toBeChecked();
    expect(completions).toHaveLength(1);
    expect((await api.getTask(child.id)).completedAt).not.toBeNull();
  });

  test('quick add adds with Enter and clears with Escape', async ({ page }) => {
    await signIn(page, '/classic-list');
    const field = page.getByRole('textbox', { name: 'Add a task' });

    await field.fill('Call the plumber');
    await field.press('Enter');
    await expect(page.getByRole('link', { name: 'Call the plumber' })).toBeVisible();
    await expect(field).toHaveValue('');

    await field.fill('Never mind this one');
    await field.press('Escape');
    await expect(field).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Tasks' }).getByRole('listitem')).toHaveCount(2); // heading + task
    await expect(page.getByText('Never mind this one')).toHaveCount(0);
  });
});

test('dragging a card on the importance grid sets its urgency and importance', async ({ page }) => {
  const api = await createUserOnly(page);
  const task = await api.createTask({ title: 'Renew the passport' });
  await page.goto('/importance-grid');

  const target = page.getByRole('region', { name: /^High urgency, high importance/ });
  await expect(
    page.getByRole('region', { name: /^Medium urgency, medium importance, 1 task/ }),
  ).toBeVisible();
  const saved = waitForApi(page, 'PATCH', /\/tasks\/[^/]+$/);
  await dragWithMouse(page, page.getByRole('button', { name: 'Move “Renew the passport”' }), target);
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('region', { name: /^High urgency, high importance, 1 task/ })).toContainText(
    'Renew the passport',
  );
  const stored = await api.getTask(task.id);
  expect([stored.urgency, stored.importance]).toEqual(['high', 'high']);
});

test('the Today count in the sidebar goes up when a task is added for today', async ({ page }) => {
  await signIn(page, '/classic-list?view=today');
  const today = page.getByRole('navigation', { name: 'Smart views' }).getByRole('link', { name: /^Today/ });
  await expect(today).toHaveText('Today');

  const field = page.getByRole('textbox', { name: 'Add a task' });
  await field.fill('Pay the rent');
  await field.press('Enter');
  await expect(today).toHaveText(/^Today\s*1 open$/);
  await expect(page.getByRole('link', { name: 'Pay the rent' })).toBeVisible();
});

test("'?' opens the keyboard shortcuts, but not while typing", async ({ page }) => {
  await signIn(page, '/classic-list');
  const field = page.getByRole('textbox', { name: 'Add a task' });
  await field.focus();
  await page.keyboard.type('?');
  await expect(field).toHaveValue('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();

  await field.press('Escape');
  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Go to the kanban board');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // g then k goes to the board.
  await page.locator('body').press('g');
  await page.locator('body').press('k');
  await expect(page).toHaveURL(/\/kanban$/);
});
