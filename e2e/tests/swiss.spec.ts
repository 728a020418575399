import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

interface ApiTask {
  id: string;
  title: string;
  completedAt: string | null;
}

interface NewTask {
  title: string;
  parentId?: string;
  listId?: string;
  estimatedTime?: number;
  urgency?: 'low' | 'medium' | 'high';
  importance?: 'low' | 'medium' | 'high';
}

/** A new user on `path`, with the API as that user to arrange tasks and check what the screens saved. */
async function openAsNewUser(page: Page, path: string) {
  const user = await openAppAsNewUser(page, baseURL, path);
  const headers = { Authorization: `Bearer ${user.tokens.accessToken.token}` };
  async function send<Body>(method: 'GET' | 'POST', route: string, data?: unknown): Promise<Body> {
    const response = await page.request.fetch(`${baseURL}/api/v1${route}`, { method, headers, data });
    if (!response.ok())
      throw new Error(`${method} ${route} answered ${response.status()}: ${await response.text()}`);
    return response.json();
  }
  return {
    createTask: (task: NewTask) => send<ApiTask>('POST', '/tasks', task),
    getTask: (id: string) => send<ApiTask>('GET', `/tasks/${id}`),
    createList: (name: string) => send<{ id: string }>('POST', '/lists', { name }),
    addChecklistItem: (taskId: string, title: string) =>
      send<{ id: string }>('POST', `/tasks/${taskId}/checklist-items`, { title }),
    getChecklist: async (taskId: string) =>
      (
        await send<{ items: { title: string; completedAt: string | null }[] }>(
          'GET',
          `/tasks/${taskId}/checklist-items`,
        )
      ).items,
  };
}

test.describe('swiss', () => {
  test('takes the biggest task, deals its holes one at a time and counts them done', async ({ page }) => {
    const api = await openAsNewUser(page, '/start');
    const big = await api.createTask({ title: 'Launch site', estimatedTime: 120 });
    const copy = await api.createTask({ title: 'Write copy', parentId: big.id, estimatedTime: 10 });
    const fonts = await api.createTask({ title: 'Pick fonts', parentId: big.id, estimatedTime: 45 });
    const domain = await api.createTask({ title: 'Order domain', parentId: big.id });
    await api.addChecklistItem(big.id, 'Ask Sam for the logo');
    const small = await api.createTask({ title: 'Tidy garage' });
    await api.createTask({ title: 'Sort screws', parentId: small.id });

    await page.goto('/swiss');
    const picker = page.getByRole('navigation', { name: 'Big tasks' });
    await expect(picker.getByRole('link')).toHaveText([
      'Launch site3 open subtasks · 1 checklist item · 2 h',
      'Tidy garage1 open subtask',
    ]);
    const deck = page.getByRole('region', { name: 'Holes of the big task' });
    await expect(deck.getByRole('heading', { level: 2 })).toHaveText('Launch site');

    // Another big task from the picker, and back: the choice is in the address.
    await picker.getByRole('link', { name: /Tidy garage/ }).click();
    await expect(page).toHaveURL(new RegExp(`taskId=${small.id}`));
    await expect(deck.getByRole('heading', { level: 3 })).toHaveText('Sort screws');
    await picker.getByRole('link', { name: /Launch site/ }).click();
    await expect(page).toHaveURL(new RegExp(`taskId=${big.id}`));

    // Checklist items first, then subtasks of 15 minutes or less, then the others.
    const card = deck.getByRole('heading', { level: 3 });
    await expect(card).toHaveText('Ask Sam for the logo');
    await expect(deck.getByText('0 of 4 done')).toBeVisible();
    const done = deck.getByRole('button', { name: /^Done/ });
    await expect(done).toHaveAttribute('aria-keyshortcuts', 'd');

    const ticked = waitForApi(page, 'PATCH', /\/checklist-items\/[^/]+$/);
    await done.click();
    expect((await ticked).status()).toBe(200);
    await expect(card).toHaveText('Write copy');
    await expect(deck.getByText('1 of 4 done')).toBeVisible();
    await expect(deck.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect((await api.getChecklist(big.id))[0]?.completedAt).not.toBeNull();

    // L puts the card at the end, Skip drops the next one from this round.
    await page.keyboard.press('l');
    await expect(card).toHaveText('Pick fonts');
    await deck.getByRole('button', { name: /^Skip/ }).click();
    await expect(card).toHaveText('Order domain');
    await page.keyboard.press('d');
    await expect(card).toHaveText('Write copy');
    await expect(deck.getByText('2 of 4 done')).toBeVisible();
    // The last card cannot be put behind itself.
    await expect(deck.getByRole('button', { name: /^Later/ })).toBeDisabled();
    const completed = waitForApi(page, 'POST', new RegExp(`/tasks/${copy.id}/complete$`));
    await done.click();
    expect((await completed).ok()).toBe(true);

    await expect(deck.getByRole('heading', { name: 'All holes for now: 1 skipped' })).toBeVisible();
    await expect(deck.getByText('3 of 4 done')).toBeVisible();
    expect((await api.getTask(copy.id)).completedAt).not.toBeNull();
    expect((await api.getTask(domain.id)).completedAt).not.toBeNull();
    expect((await api.getTask(fonts.id)).completedAt).toBeNull();

    // A new round deals the skipped card again.
    await deck.getByRole('button', { name: 'Start again' }).click();
    await expect(card).toHaveText('Pick fonts');
    await done.click();
    await expect(deck.getByRole('heading', { name: 'Every hole is done' })).toBeVisible();
    await expect(deck.getByText('4 of 4 done')).toBeVisible();
    await expect.poll(async () => (await api.getTask(fonts.id)).completedAt).not.toBeNull();
  });

  test('explains what makes a task big when there is none', async ({ page }) => {
    await openAsNewUser(page, '/swiss');
    await expect(page.getByRole('heading', { name: 'No big tasks yet' })).toBeVisible();
    await expect(
      page.getByText(/A task is big when it has open subtasks or open checklist items/),
    ).toBeVisible();
  });
});

test.describe('swiss-random', () => {
  test('draws another task after a skip, and completes the drawn one', async ({ page }) => {
    const api = await openAsNewUser(page, '/start');
    const plants = await api.createTask({ title: 'Water the plants', urgency: 'high' });
    const mum = await api.createTask({ title: 'Call mum', importance: 'high' });
    const markers = { [plants.title]: 'Urgent', [mum.title]: 'Important' };

    await page.goto('/swiss-random');
    const card = page.getByRole('region', { name: /Water the plants|Call mum/ });
    const first = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
    const second = first === plants.title ? mum.title : plants.title;
    await expect(card.getByText(markers[first] ?? '', { exact: true })).toBeVisible();
    await expect(card.getByText('Drawn from 2 open tasks.')).toBeVisible();

    const skipped = waitForApi(page, 'POST', /\/draw-skip$/);
    await card.getByRole('button', { name: /^Skip/ }).click();
    expect((await skipped).status()).toBe(204);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(second);
    await expect(card.getByText(markers[second] ?? '', { exact: true })).toBeVisible();
    await expect(
      card.getByText('Drawn from 1 open task, leaving out 1 skipped in the last hour.'),
    ).toBeVisible();

    await page.keyboard.press('d');
    await expect(
      page.getByRole('heading', { name: 'Nothing to draw: 1 skipped in the last hour' }),
    ).toBeVisible();
    const secondId = second === plants.title ? plants.id : mum.id;
    const firstId = second === plants.title ? mum.id : plants.id;
    expect((await api.getTask(secondId)).completedAt).not.toBeNull();
    expect((await api.getTask(firstId)).completedAt).toBeNull();
  });

  test('draws from one list when asked, and opens the drawn task', async ({ page }) => {
    const api = await openAsNewUser(page, '/start');
    const errands = await api.createList('Errands');
    await api.createTask({ title: 'Plan the week' });
    const stamps = await api.createTask({ title: 'Buy stamps', listId: errands.id });

    await page.goto('/swiss-random');
    await page.getByLabel('Draw from').selectOption({ label: 'Errands' });
    await expect(page).toHaveURL(new RegExp(`listId=${errands.id}`));
    const card = page.getByRole('region', { name: 'Buy stamps' });
    await expect(card.getByText('Errands')).toBeVisible();
    await expect(card.getByText('Drawn from 1 open task.')).toBeVisible();

    await card.getByRole('link', { name: /^Open/ }).click();
    await expect(page).toHaveURL(new RegExp(`/tasks/${stamps.id}$`));
  });
});
