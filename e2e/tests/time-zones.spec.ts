import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { tasksApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

/** Today's date (YYYY-MM-DD) in the zone, as the browser's date input takes it. */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

const readable = (zone: string) => zone.replaceAll('_', ' ');

async function profileZone(page: Page, token: string): Promise<string> {
  const response = await page.request.get(`${baseURL}/api/v1/users/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()).timezone;
}

// The test users are made through the API without a browser, so their profile's zone is UTC: each zone
// below differs from it, and the app offers to change it.
for (const timeZone of ['America/New_York', 'Europe/Berlin', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test.describe(`in ${timeZone}`, () => {
    test.use({ timezoneId: timeZone });

    test('a due date of today without a time is Today everywhere, not Overdue and not a time', async ({
      page,
    }) => {
      test.slow(); // four screens and a reload, on a shared machine
      const user = await openAppAsNewUser(page, baseURL, '/profile');
      const api = tasksApi(page, baseURL, user.tokens.accessToken.token);
      const offer = page.getByText(`You are in ${readable(timeZone)}; your profile says UTC.`);
      await expect(offer).toBeVisible();
      await page.getByRole('button', { name: 'Keep' }).click();
      await expect(offer).toBeHidden();

      const task = await api.createTask({ title: 'Water the plants' });
      await page.goto(`/tasks/${task.id}`);
      const dateInput = page.getByLabel('Due date', { exact: true });
      await dateInput.fill(todayIn(timeZone));
      await dateInput.blur();
      await expect
        .poll(async () => (await api.getTask(task.id)) as unknown as Record<string, unknown>)
        .toMatchObject({ dueDateHasTime: false });
      await page.reload();
      await expect(dateInput).toHaveValue(todayIn(timeZone));
      await expect(page.getByLabel('Due time', { exact: true })).toHaveValue('');

      await page.goto('/classic-list');
      const row = page.locator(`[data-task-id="${task.id}"]`);
      await expect(row.locator('span[title]').first()).toHaveText('Due Today');
      const views = page.getByRole('navigation', { name: 'Smart views' });
      await expect(views.getByRole('link', { name: /^Today/ })).toHaveText(/^Today\s*1 open$/);
      await expect(views.getByRole('link', { name: /^Overdue/ })).toHaveText('Overdue');

      await page.goto('/classic-list?view=today');
      await expect(page.getByRole('link', { name: 'Water the plants' })).toBeVisible();
      await page.goto('/classic-list?view=overdue');
      await expect(views.getByRole('link', { name: /^Overdue/ })).toHaveText('Overdue');
      await expect(page.getByRole('link', { name: 'Water the plants' })).toHaveCount(0);

      await page.goto('/kanban');
      const card = page.getByRole('article', { name: 'Water the plants' });
      await expect(card.locator('span[title]').first()).toHaveText('Due Today');

      // Answered once, the offer does not come back for this pair of zones.
      await expect(offer).toBeHidden();
    });
  });
}

test.describe('the offer to change the profile’s zone', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('is made once, and taken it updates the profile', async ({ page }) => {
    const user = await openAppAsNewUser(page, baseURL, '/classic-list');
    const offer = page.getByText('You are in Pacific/Kiritimati; your profile says UTC.');
    await expect(offer).toBeVisible();
    await page.getByRole('button', { name: 'Use Pacific/Kiritimati' }).click();
    await expect(page.getByText('Your profile now uses Pacific/Kiritimati')).toBeVisible();
    await expect.poll(() => profileZone(page, user.tokens.accessToken.token)).toBe('Pacific/Kiritimati');

    await page.goto('/kanban');
    await expect(page.getByRole('region', { name: /^To do,/ })).toBeVisible();
    await expect(offer).toBeHidden();
  });

  test('is not made again after a reload when left unanswered', async ({ page }) => {
    await openAppAsNewUser(page, baseURL, '/classic-list');
    const offer = page.getByText('You are in Pacific/Kiritimati; your profile says UTC.');
    await expect(offer).toBeVisible();
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Smart views' })).toBeVisible();
    // The profile is loaded by now (the offer would come with it); give it a moment all the same.
    await page.waitForTimeout(500);
    await expect(offer).toBeHidden();
  });
});
