import type { Locator, Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');
const TIME_ZONE = 'Europe/Warsaw';

// Recurrences follow the browser's zone: its days are the series' days.
test.use({ timezoneId: TIME_ZONE });

interface ApiTask {
  id: string;
  title: string;
  dueDate: string | null;
  archivedAt: string | null;
  quickurrence: Record<string, unknown> | null;
}

/** The tasks API as the signed-in user, to arrange a task and check what the screens saved. */
async function openAsNewUser(page: Page, path = '/profile') {
  const user = await openAppAsNewUser(page, baseURL, path);
  const headers = { Authorization: `Bearer ${user.tokens.accessToken.token}`, 'x-timezone': TIME_ZONE };
  return {
    create: async (body: Record<string, unknown>) =>
      (await (await page.request.post(`${baseURL}/api/v1/tasks`, { headers, data: body })).json()) as ApiTask,
    get: async (id: string) =>
      (await (await page.request.get(`${baseURL}/api/v1/tasks/${id}`, { headers })).json()) as ApiTask,
    patch: (id: string, body: Record<string, unknown>) =>
      page.request.patch(`${baseURL}/api/v1/tasks/${id}`, { headers, data: body }),
  };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** The weekday each preview date starts with ("Wed 2 Jan 2030, 09:00" → "Wed"). */
async function previewWeekdays(dialog: Locator): Promise<string[]> {
  const dates = await dialog
    .getByRole('list', { name: 'Next dates' })
    .getByRole('listitem')
    .allTextContents();
  return dates.map((date) => date.slice(0, 3));
}

// Tuesday 1 January 2030, 09:00 in Warsaw: far enough ahead that every date below stays in the future.
const FIRST_DUE = '2030-01-01T08:00:00.000Z';

test('a weekly rule on Monday and Wednesday: previewed, saved, completed, skipped and stopped', async ({
  page,
}) => {
  const api = await openAsNewUser(page);
  const task = await api.create({ title: 'Water plants', dueDate: FIRST_DUE });
  await page.goto(`/tasks/${task.id}`);

  const repeat = page.getByRole('group', { name: 'Repeat' });
  await expect(repeat).toContainText('Does not repeat');
  await repeat.getByRole('button', { name: 'Make it repeat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Repeat' });
  // A new rule starts on the due date's weekday.
  await expect(dialog.getByRole('button', { name: 'Tuesday' })).toHaveAttribute('aria-pressed', 'true');

  await dialog.getByRole('button', { name: 'Monday' }).click();
  await dialog.getByRole('button', { name: 'Wednesday' }).click();
  await dialog.getByRole('button', { name: 'Tuesday' }).click();
  await expect(dialog.getByText('Every week on Monday and Wednesday')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Next dates' }).getByRole('listitem')).toHaveText([
    'Wed 2 Jan 2030, 09:00',
    'Mon 7 Jan 2030, 09:00',
    'Wed 9 Jan 2030, 09:00',
    'Mon 14 Jan 2030, 09:00',
    'Wed 16 Jan 2030, 09:00',
  ]);
  expect(await previewWeekdays(dialog)).toEqual(['Wed', 'Mon', 'Wed', 'Mon', 'Wed']);

  const saved = waitForApi(page, 'PATCH', new RegExp(`/api/v1/tasks/${task.id}$`));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(repeat).toContainText('Every week on Monday and Wednesday');
  await expect(repeat).toContainText('Next: Wed 2 Jan 2030, 09:00');
  expect((await api.get(task.id)).quickurrence).toMatchObject({
    rule: 'weekly',
    weekDays: [1, 3],
    timezone: TIME_ZONE,
  });

  // Completing brings the next one: the Wednesday after the Tuesday it was due, at the same time.
  const completed = waitForApi(page, 'POST', new RegExp(`/api/v1/tasks/${task.id}/complete$`));
  await page.getByRole('checkbox', { name: 'Complete “Water plants”' }).click();
  const { nextOccurrence } = (await (await completed).json()) as { nextOccurrence: ApiTask };
  expect(nextOccurrence.dueDate).toBe('2030-01-02T08:00:00.000Z');
  await expect(toast(page, '“Water plants” completed')).toContainText('Next: 2 Jan 2030');
  // A completed occurrence cannot be skipped; the series goes on in the next one.
  await expect(repeat.getByRole('button', { name: 'Skip this occurrence' })).toBeHidden();

  await page.goto(`/tasks/${nextOccurrence.id}`);
  await expect(repeat).toContainText('Every week on Monday and Wednesday');
  await expect(repeat).toContainText('Next: Mon 7 Jan 2030, 09:00');

  // Skipping Wednesday archives it and opens Monday's.
  const skipped = waitForApi(page, 'POST', new RegExp(`/api/v1/tasks/${nextOccurrence.id}/skip$`));
  await repeat.getByRole('button', { name: 'Skip this occurrence' }).click();
  const skipAnswer = (await (await skipped).json()) as { archivedAt: string; nextOccurrence: ApiTask };
  expect(skipAnswer.archivedAt).not.toBeNull();
  expect(skipAnswer.nextOccurrence.dueDate).toBe('2030-01-07T08:00:00.000Z');
  await expect(toast(page, '“Water plants” skipped')).toContainText('Next: 7 Jan 2030');
  await expect(page).toHaveURL(new RegExp(`/tasks/${skipAnswer.nextOccurrence.id}$`));
  await expect(repeat).toContainText('Next: Wed 9 Jan 2030, 09:00');

  // Stopping asks first, then keeps the task as it is without a rule.
  await repeat.getByRole('button', { name: 'Stop repeating' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Stop repeating?' });
  const stopped = waitForApi(page, 'PATCH', new RegExp(`/api/v1/tasks/${skipAnswer.nextOccurrence.id}$`));
  await confirm.getByRole('button', { name: 'Stop repeating' }).click();
  expect((await stopped).status()).toBe(200);
  await expect(repeat).toContainText('Does not repeat');
  await expect(repeat.getByRole('button', { name: 'Skip this occurrence' })).toBeHidden();
  const last = await api.get(skipAnswer.nextOccurrence.id);
  expect(last).toMatchObject({ quickurrence: null, dueDate: '2030-01-07T08:00:00.000Z' });
});

test('a count of 0 shows the same message as the API, beside the count', async ({ page }) => {
  const api = await openAsNewUser(page);
  const task = await api.create({ title: 'Back up photos', dueDate: FIRST_DUE });
  const refused = await api.patch(task.id, { quickurrence: { rule: 'daily', count: 0 } });
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { error: string; issues: { path: string[]; message: string }[] };
  expect(body.error).toBe('Invalid recurrence rule');
  const apiIssue = body.issues.find((issue) => issue.path.join('.') === 'body.quickurrence.count');
  expect(apiIssue?.message).toBeTruthy();

  await page.goto(`/tasks/${task.id}`);
  await page.getByRole('button', { name: 'Make it repeat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Repeat' });
  const count = dialog.getByRole('spinbutton', { name: 'Number of times' });
  await count.fill('0');
  await expect(dialog.getByRole('radio', { name: 'After' })).toBeChecked();
  await expect(count).toHaveAttribute('aria-invalid', 'true');
  await expect(count).toHaveAccessibleDescription(apiIssue?.message ?? '');
  await expect(dialog.getByText('Invalid recurrence rule')).toBeVisible();

  // Nothing is sent while the rule is invalid; Save takes the keyboard back to the field.
  let isPatched = false;
  page.on('request', (request) => {
    if (request.method() === 'PATCH') isPatched = true;
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(count).toBeFocused();
  expect(isPatched).toBe(false);

  await count.fill('3');
  await expect(count).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('list', { name: 'Next dates' }).getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByText('Every week on Tuesday, 3 times')).toBeVisible();
});

test('quick add’s Repeat button shows what was typed and sends the rule chosen', async ({ page }) => {
  const api = await openAsNewUser(page, '/classic-list');
  const field = page.getByRole('textbox', { name: 'Add a task' });

  // A typed rule shows on the button and opens in the editor, where it can be changed.
  await field.fill('Water plants every monday');
  await page.getByRole('button', { name: 'Repeat: Every week on Monday' }).click();
  const dialog = page.getByRole('dialog', { name: 'Repeat' });
  await expect(dialog.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Wednesday' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const understood = page.getByRole('list', { name: 'Understood' });
  await expect(understood).toContainText('Every week on Monday and Wednesday');

  let created = waitForApi(page, 'POST', /\/api\/v1\/tasks$/);
  await field.press('Enter');
  let task = (await (await created).json()) as ApiTask;
  expect(task.title).toBe('Water plants');
  expect((await api.get(task.id)).quickurrence).toMatchObject({ rule: 'weekly', weekDays: [1, 3] });
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'long' }).format(
    new Date(String(task.dueDate)),
  );
  expect(['Monday', 'Wednesday']).toContain(weekday);

  // Without typing one, the button picks a rule for the task about to be added.
  await field.fill('Stretch');
  await page.getByRole('button', { name: 'Repeat', exact: true }).click();
  await dialog.getByRole('button', { name: 'Every weekday' }).click();
  await expect(dialog.getByText('Every business day')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Repeat: Every business day' })).toBeVisible();

  created = waitForApi(page, 'POST', /\/api\/v1\/tasks$/);
  await field.press('Enter');
  task = (await (await created).json()) as ApiTask;
  expect(task.title).toBe('Stretch');
  expect(task.quickurrence).toMatchObject({ rule: 'weekly', preset: 'businessDays' });
  // The first business day becomes its due date.
  expect(task.dueDate).not.toBeNull();
  await expect(page.getByRole('button', { name: 'Repeat', exact: true })).toBeVisible();
});
