import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

interface ApiTask {
  id: string;
  title: string;
  addedToToday: boolean | null;
  reward: string | null;
  completedAt: string | null;
  rewardedAt: string | null;
}

/** A new user with the API at hand, to arrange tasks and settings and check what the screens saved. */
async function createUserWithApi(page: Page) {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  const headers = { Authorization: `Bearer ${user.tokens.accessToken.token}` };
  const send = (method: string, path: string, data?: unknown) =>
    page.request.fetch(`${baseURL}/api/v1${path}`, { method, headers, ...(data !== undefined && { data }) });
  async function call<Body>(method: string, path: string, data?: unknown): Promise<Body> {
    const response = await send(method, path, data);
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.json();
  }
  return {
    send,
    createTask: (body: { title: string; estimatedTime?: number; reward?: string }) =>
      call<ApiTask>('POST', '/tasks', body),
    updateTask: (id: string, body: Record<string, unknown>) => call<ApiTask>('PATCH', `/tasks/${id}`, body),
    getTask: (id: string) => call<ApiTask>('GET', `/tasks/${id}`),
    completeTask: (id: string) => call<ApiTask>('POST', `/tasks/${id}/complete`, {}),
    updateConfig: (body: Record<string, unknown>) => call('PATCH', '/task-manager-config', body),
  };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });
const openQuickMenu = (page: Page, title: string) =>
  page.getByRole('button', { name: `More for “${title}”` }).click();

test('Today fills up to the daily limit: the plan counts it, the menus say why, and a refusal says so', async ({
  page,
}) => {
  const api = await createUserWithApi(page);
  await api.updateConfig({ dailyLimit: 2, workDayStart: null, workDayEnd: null, isBatchEnabled: true });
  const essay = await api.createTask({ title: 'Write the essay', estimatedTime: 30 });
  const slides = await api.createTask({ title: 'Prepare the slides', estimatedTime: 45 });
  const printer = await api.createTask({ title: 'Fix the printer' });

  await page.goto('/classic-list');
  await openQuickMenu(page, 'Write the essay');
  await expect(page.getByRole('menuitem', { name: 'Add to Today' })).toContainText('0 of 2');
  await page.getByRole('menuitem', { name: 'Add to Today' }).click();
  await expect(toast(page, '“Write the essay” added to Today')).toBeVisible();
  await expect.poll(async () => (await api.getTask(essay.id)).addedToToday).toBe(true);

  // The menu still counts one of two when the second place is taken elsewhere: the API refuses, and
  // its message, naming the limit, shows.
  await openQuickMenu(page, 'Fix the printer');
  await expect(page.getByRole('menuitem', { name: 'Add to Today' })).toContainText('1 of 2');
  await api.updateTask(slides.id, { addedToToday: true });
  const refused = waitForApi(page, 'PATCH', new RegExp(`/tasks/${printer.id}$`));
  await page.getByRole('menuitem', { name: 'Add to Today' }).click();
  expect((await refused).status()).toBe(409);
  await expect(toast(page, 'Today already holds 2 tasks, your daily limit')).toBeVisible();
  expect((await api.getTask(printer.id)).addedToToday).toBeNull();

  // Now the menu knows: the item is disabled and says why.
  await openQuickMenu(page, 'Fix the printer');
  const fullItem = page.getByRole('menuitem', { name: 'Add to Today' });
  await expect(fullItem).toBeDisabled();
  await expect(fullItem).toHaveAccessibleDescription('Today is full: 2 of 2, your daily limit');
  // Reached from the keyboard, it does nothing and the menu stays open on the reason.
  await fullItem.focus();
  await page.keyboard.press('Enter');
  await expect(fullItem).toBeVisible();
  await page.keyboard.press('Escape');
  expect((await api.getTask(printer.id)).addedToToday).toBeNull();

  // A batch that would go over is refused whole, with the same message.
  const bulk = await api.send('POST', '/tasks/bulk', { action: 'addToToday', ids: [printer.id] });
  expect(bulk.status()).toBe(409);
  expect((await bulk.json()).error).toBe('Today already holds 2 tasks, your daily limit');

  await page.goto('/classic-list?view=today');
  const plan = page.getByRole('region', { name: "Today's plan" });
  await expect(plan.getByTestId('today-load')).toHaveText('2 of 2');
  await expect(plan.getByTestId('today-time')).toHaveText('1 h 15 min planned');
  await expect(plan.getByRole('link', { name: 'Set your work-day hours' })).toHaveAttribute(
    'href',
    '/settings/tasks',
  );
  await expect(page.getByRole('link', { name: 'Write the essay' })).toBeVisible();

  // Taking one out frees its place at once, in the listing and in the plan.
  await openQuickMenu(page, 'Prepare the slides');
  await page.getByRole('menuitem', { name: 'Remove from Today' }).click();
  await expect(page.getByRole('link', { name: 'Prepare the slides' })).toHaveCount(0);
  await expect(plan.getByTestId('today-load')).toHaveText('1 of 2');
  await expect(plan.getByTestId('today-time')).toHaveText('30 min planned');
  await expect.poll(async () => (await api.getTask(slides.id)).addedToToday).toBe(false);

  // The task page has the same item.
  await page.goto(`/tasks/${printer.id}`);
  await page.getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Add to Today' }).click();
  await expect(toast(page, '“Fix the printer” added to Today')).toBeVisible();
  await page.getByRole('button', { name: 'Task actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Remove from Today' })).toBeVisible();
  await page.keyboard.press('Escape');

  // With work-day hours, the time left shows, and a warning when the estimates exceed it.
  await api.updateConfig({ workDayStart: '00:00', workDayEnd: '23:59' });
  await api.updateTask(essay.id, { estimatedTime: 100_000 });
  await page.goto('/classic-list?view=today');
  await expect(plan.getByTestId('today-load')).toHaveText('2 of 2');
  await expect(plan.getByTestId('today-time')).toHaveText(
    // "9 h", "8 h 59 min" or "59 min", depending on the minute the test runs at.
    /^1666 h 40 min planned · (\d+ h( \d+ min)?|\d+ min) left today$/,
  );
  await expect(plan).toContainText('1 without an estimate');
  await expect(plan).toContainText('more is planned than is left of your work day');
  await expect(plan.getByRole('link', { name: 'Set your work-day hours' })).toHaveCount(0);
});

test('a reward set on a task is claimed on the rewards screen once the task is done', async ({ page }) => {
  const api = await createUserWithApi(page);
  const run = await api.createTask({ title: 'Run 5 km' });

  await page.goto('/rewards');
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  const claimable = page.getByRole('region', { name: 'Claimable' });
  const claimed = page.getByRole('region', { name: 'Claimed' });
  await expect(claimable).toContainText(
    'Add a reward to a task; completing it makes the reward claimable here.',
  );
  await expect(claimed).toContainText('No rewards claimed yet');

  await page.goto(`/tasks/${run.id}`);
  const reward = page.getByRole('textbox', { name: 'Reward' });
  await reward.fill('x'.repeat(201));
  await reward.press('Enter');
  await expect(page.getByText('Reward must be 200 characters or less')).toBeVisible();
  expect((await api.getTask(run.id)).reward).toBeNull();
  await reward.fill('Ice cream');
  const saved = waitForApi(page, 'PATCH', new RegExp(`/tasks/${run.id}$`));
  await reward.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Reward must be 200 characters or less')).toHaveCount(0);
  await expect(page.getByText('Claimable once the task is completed.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Complete “Run 5 km”' }).click();
  await expect(page.getByRole('button', { name: 'Claim reward' })).toBeVisible();

  await page.goto('/rewards');
  const row = claimable.getByRole('listitem').filter({ hasText: 'Ice cream' });
  await expect(row).toContainText('For Run 5 km · Completed');
  const claim = waitForApi(page, 'POST', /\/claim-reward$/);
  await row.getByRole('button', { name: 'Claim “Ice cream”' }).click();
  expect((await claim).status()).toBe(200);
  await expect(toast(page, 'Well done! Enjoy “Ice cream”')).toBeVisible();
  await expect(claimable.getByRole('listitem')).toHaveCount(0);
  await expect(claimed.getByRole('listitem').filter({ hasText: 'Ice cream' })).toContainText('Claimed');

  await page.reload();
  await expect(claimed.getByRole('listitem').filter({ hasText: 'Ice cream' })).toContainText(
    'For Run 5 km · Claimed',
  );
  await expect(claimable).toContainText('Nothing to claim yet');
  expect((await api.getTask(run.id)).rewardedAt).not.toBeNull();
});

test('a completed task’s reward is claimed from its page', async ({ page }) => {
  const api = await createUserWithApi(page);
  const desk = await api.createTask({ title: 'Tidy the desk', reward: 'A new plant' });
  await api.completeTask(desk.id);

  await page.goto(`/tasks/${desk.id}`);
  await expect(page.getByText('Ready to claim.')).toBeVisible();
  await page.getByRole('button', { name: 'Claim reward' }).click();
  await expect(toast(page, 'Well done! Enjoy “A new plant”')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim reward' })).toHaveCount(0);
  await expect(page.getByText(/^Claimed /)).toBeVisible();
  await expect.poll(async () => (await api.getTask(desk.id)).rewardedAt).not.toBeNull();
});

test('selected tasks go into Today together, and a batch over the limit is refused whole', async ({
  page,
}) => {
  const api = await createUserWithApi(page);
  await api.updateConfig({ dailyLimit: 2, isBatchEnabled: true });
  const titles = ['Pay rent', 'Call mum', 'Book the dentist'];
  const created: ApiTask[] = [];
  for (const title of titles) created.push(await api.createTask({ title }));
  await page.goto('/classic-list');
  const toolbar = page.getByRole('toolbar', { name: 'Change the selected tasks' });

  await page.getByRole('button', { name: 'Select' }).click();
  for (const title of titles) await page.getByRole('checkbox', { name: `Select “${title}”` }).click();
  await toolbar.getByRole('button', { name: 'Add to Today' }).click();
  await expect(toast(page, 'Room for 2 more; 3 asked')).toBeVisible();
  for (const task of created) expect((await api.getTask(task.id)).addedToToday).toBeNull();

  await page.getByRole('checkbox', { name: 'Select “Book the dentist”' }).click();
  await toolbar.getByRole('button', { name: 'Add to Today' }).click();
  await expect(toast(page, 'Added to Today: 2 tasks')).toBeVisible();
  await expect.poll(async () => (await api.getTask(created[0]!.id)).addedToToday).toBe(true);
  expect((await api.getTask(created[2]!.id)).addedToToday).toBeNull();

  await page.goto('/classic-list?view=today');
  await expect(page.getByTestId('today-load')).toHaveText('2 of 2');
});
