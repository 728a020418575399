import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { tasksApi, waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');
const TIME_ZONE = 'America/New_York';

// The browser's zone, not the profile's (UTC for test users), is the one quick add reads dates in.
test.use({ timezoneId: TIME_ZONE });

async function createUserOnly(page: Page) {
  const user = await openAppAsNewUser(page, baseURL, '/profile');
  return tasksApi(page, baseURL, user.tokens.accessToken.token);
}

/** Adds through the field and answers the created task as the API stored it. */
async function quickAdd(page: Page, text: string) {
  const field = page.getByRole('textbox', { name: 'Add a task' });
  const created = waitForApi(page, 'POST', /\/api\/v1\/tasks$/);
  await field.press('Enter');
  const response = await created;
  expect(response.status(), text).toBe(201);
  await expect(field).toHaveValue('');
  return (await response.json()) as Record<string, unknown> & { id: string };
}

/** YYYY-MM-DD HH:mm of an instant in the zone. */
function wallClock(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

function tomorrowInZone(): string {
  const [year, month, day] = wallClock(new Date()).slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + 1)).toISOString().slice(0, 10);
}

test("'Water plants every Monday #Home' makes a weekly task in the Home list", async ({ page }) => {
  const api = await createUserOnly(page);
  const home = await api.createList('Home');
  await api.createList('Work');
  await page.goto('/classic-list');

  const field = page.getByRole('textbox', { name: 'Add a task' });
  await field.fill('Water plants every Monday #Home');
  const understood = page.getByRole('list', { name: 'Understood' });
  await expect(understood.locator('mark')).toHaveText(['every Monday', '#Home']);
  await expect(page.getByText('Saved as “Water plants”.')).toBeVisible();

  const created = await quickAdd(page, 'Water plants every Monday #Home');
  const stored = (await api.getTask(created.id)) as unknown as Record<string, unknown>;
  expect(stored).toMatchObject({
    title: 'Water plants',
    listId: home.id,
    quickurrence: { rule: 'weekly', weekDays: [1] },
  });
  // Its first occurrence is the coming Monday (today, when it is Monday), as a whole day.
  const due = new Date(String(stored.dueDate));
  expect(stored.dueDateHasTime).toBe(false);
  expect(new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'long' }).format(due)).toBe(
    'Monday',
  );

  await page.goto(`/classic-list?listId=${home.id}`);
  await expect(page.getByRole('link', { name: 'Water plants', exact: true })).toBeVisible();
});

test("'Call Anna tomorrow 17:00' is due at 17:00 tomorrow in the browser's zone", async ({ page }) => {
  const api = await createUserOnly(page);
  await page.goto('/classic-list');

  await page.getByRole('textbox', { name: 'Add a task' }).fill('Call Anna tomorrow 17:00');
  await expect(page.getByRole('list', { name: 'Understood' })).toContainText('Due Tomorrow 17:00');

  const created = await quickAdd(page, 'Call Anna tomorrow 17:00');
  const stored = await api.getTask(created.id);
  expect(stored.title).toBe('Call Anna');
  expect(stored.dueDateHasTime).toBe(true);
  expect(wallClock(new Date(String(stored.dueDate)))).toBe(`${tomorrowInZone()} 17:00`);
});

test('Ctrl+Z keeps what was recognised as literal text', async ({ page }) => {
  const api = await createUserOnly(page);
  await api.createList('Home');
  await page.goto('/classic-list');

  const field = page.getByRole('textbox', { name: 'Add a task' });
  await field.fill('Read every day #Home');
  const understood = page.getByRole('list', { name: 'Understood' });
  await expect(understood.locator('mark')).toHaveText(['every day', '#Home']);

  await field.press('Control+z');
  await expect(understood.locator('mark')).toHaveText(['every day']);
  await field.press('Control+z');
  await expect(understood).toBeHidden();
  await expect(field).toHaveValue('Read every day #Home');

  const created = await quickAdd(page, 'Read every day #Home');
  const stored = (await api.getTask(created.id)) as unknown as Record<string, unknown>;
  expect(stored).toMatchObject({
    title: 'Read every day #Home',
    listId: null,
    quickurrence: null,
    dueDate: null,
  });
});

test('a kanban column’s “Add card” understands the same', async ({ page }) => {
  const api = await createUserOnly(page);
  const [toDo] = await api.getColumns();
  await page.goto('/kanban');

  const column = page.getByRole('region', { name: /^To do,/ });
  await column.getByRole('button', { name: 'Add card' }).click();
  const field = column.getByRole('textbox', { name: 'Add card' });
  await field.fill('Fix the bike !high in 3 days');
  await expect(column.getByRole('list', { name: 'Understood' }).locator('mark')).toHaveText([
    '!high',
    'in 3 days',
  ]);
  const created = waitForApi(page, 'POST', /\/api\/v1\/tasks$/);
  await field.press('Enter');
  const task = (await (await created).json()) as { id: string };
  await expect(column.getByRole('article', { name: 'Fix the bike' })).toBeVisible();

  const stored = await api.getTask(task.id);
  expect(stored).toMatchObject({
    title: 'Fix the bike',
    urgency: 'high',
    columnId: toDo?.id,
    dueDateHasTime: false,
  });
  expect(stored.dueDate).not.toBeNull();
});

test('“q” opens quick add from any screen, and the toast opens the new task', async ({ page }) => {
  const api = await createUserOnly(page);
  await api.createList('Work');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  await page.keyboard.press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick add' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Add a task' });
  await expect(field).toBeFocused();
  await field.fill('Review PR !high #Work');
  await expect(dialog.getByRole('list', { name: 'Understood' }).locator('mark')).toHaveText([
    '!high',
    '#Work',
  ]);

  const created = await quickAdd(page, 'Review PR !high #Work');
  expect(created).toMatchObject({ title: 'Review PR', urgency: 'high' });
  await expect(dialog).toBeVisible(); // ready for the next one

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${created.id}$`));
  await expect(page.getByRole('heading', { name: 'Review PR' })).toBeVisible();
});
