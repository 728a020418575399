import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { trackersApi } from '../support/trackers';
import { addSessionCookies, createUser } from '../support/users';

const baseURL = serverUrl('main');
const TIME_ZONE = 'Europe/Warsaw';

// The app's "today" is the browser's; the tests fix the zone so they know which day that is.
test.use({ timezoneId: TIME_ZONE });

/** A new user, signed in through cookies, with the trackers API to arrange and check data. */
async function signIn(page: Page) {
  const user = await createUser(page.request, baseURL);
  await addSessionCookies(page.context(), baseURL, {
    accessToken: user.tokens.accessToken.token,
    refreshToken: user.tokens.refreshToken.token,
  });
  return trackersApi(page, baseURL, user.tokens.accessToken.token);
}

const trackerRow = (page: Page, name: string) =>
  page.getByTestId('tracker-row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function createTrackerInDialog(page: Page, options: { name: string; unit: string; group: string }) {
  await page.getByRole('button', { name: 'New tracker' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tracker' });
  await dialog.getByLabel('Name').fill(options.name);
  await dialog.getByLabel('Unit (optional)').fill(options.unit);
  await dialog.getByLabel('Group').selectOption({ label: options.group });
  await dialog.getByRole('button', { name: 'Create tracker' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('trackers', () => {
  test('groups, quick entries, a calculated tracker, and its logs edited in place', async ({ page }) => {
    const api = await signIn(page);
    await page.goto('/trackers');
    await expect(page.getByRole('heading', { name: 'No trackers yet' })).toBeVisible();

    // A group, and two trackers in it.
    await page.getByRole('button', { name: 'New group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'New group' });
    await groupDialog.getByLabel('Name').fill('Body');
    await groupDialog.getByLabel('Colour (optional)').fill('#zzz');
    await groupDialog.getByRole('button', { name: 'Create group' }).click();
    await expect(groupDialog.getByText('Color must be a valid hex color')).toBeVisible();
    await groupDialog.getByLabel('Colour (optional)').fill('#3b82f6');
    await groupDialog.getByRole('button', { name: 'Create group' }).click();
    await expect(groupDialog).toBeHidden();
    const body = page.getByRole('region', { name: /Body/ });
    await expect(body).toBeVisible();

    await createTrackerInDialog(page, { name: 'weight', unit: 'kg', group: 'Body' });
    await createTrackerInDialog(page, { name: 'height', unit: 'cm', group: 'Body' });
    await expect(body.getByTestId('tracker-row')).toHaveCount(2);

    // Quick entries: a value and Enter; the last value shows at once.
    const weightRow = trackerRow(page, 'weight');
    await weightRow.getByRole('textbox', { name: 'Value for weight' }).fill('80');
    await weightRow.getByRole('textbox', { name: 'Value for weight' }).press('Enter');
    await expect(weightRow.getByTestId('tracker-last-value')).toHaveText('80 kg');
    const heightRow = trackerRow(page, 'height');
    await heightRow.getByRole('textbox', { name: 'Value for height' }).fill('180');
    await heightRow.getByRole('textbox', { name: 'Value for height' }).press('Enter');
    await expect(heightRow.getByTestId('tracker-last-value')).toHaveText('180 cm');

    // A value that is no number is refused in the server's words, and stays to be corrected.
    await heightRow.getByRole('textbox', { name: 'Value for height' }).fill('tall');
    await heightRow.getByRole('textbox', { name: 'Value for height' }).press('Enter');
    await expect(page.getByText('Value must be a valid number')).toBeVisible();
    await expect(heightRow.getByRole('textbox', { name: 'Value for height' })).toHaveValue('tall');
    await expect(heightRow.getByTestId('tracker-last-value')).toHaveText('180 cm');
    await heightRow.getByRole('textbox', { name: 'Value for height' }).fill('');

    await expect
      .poll(async () => (await api.listLogs()).map((log) => log.value).sort())
      .toEqual(['180', '80']);

    // A calculated tracker: BMI from both, with the live result for the last day.
    await page.getByRole('button', { name: 'New tracker' }).click();
    const dialog = page.getByRole('dialog', { name: 'New tracker' });
    await dialog.getByLabel('Name').fill('BMI');
    await dialog.getByLabel('Calculated from other trackers').check();
    await dialog.getByRole('checkbox', { name: 'weight' }).check();
    await dialog.getByRole('checkbox', { name: 'height' }).check();
    await expect(dialog.getByRole('button', { name: /^Insert weight/ })).toBeVisible();
    const formula = dialog.getByLabel('Formula');
    await formula.fill('weight / (height / 100) ^ 2 + constructor');
    await expect(dialog.getByTestId('formula-error')).toContainText('constructor');
    await formula.fill('weight / (height / 100) ^ 2');
    await expect(dialog.getByTestId('formula-preview')).toContainText('24.69');
    await dialog.getByRole('button', { name: 'Create tracker' }).click();
    await expect(dialog).toBeHidden();
    const bmiRow = trackerRow(page, 'BMI');
    await expect(bmiRow.getByTestId('tracker-last-value')).toContainText('24.69');
    await expect(bmiRow.getByText('Calculated')).toBeVisible();
    await expect(bmiRow.getByRole('textbox', { name: 'Value for BMI' })).toHaveCount(0);

    // The weight's logs, by its link, edited in place.
    const weight = (await api.listTrackers()).find((tracker) => tracker.name === 'weight');
    if (!weight) throw new Error('weight was not created');
    await weightRow.getByRole('link', { name: 'weight' }).click();
    await expect(page).toHaveURL(new RegExp(`/trackers/logs\\?trackerId=${weight.id}$`));
    await expect(page.getByRole('heading', { name: 'weight logs' })).toBeVisible();
    const rows = page.getByTestId('tracker-log-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('tracker-log-value')).toHaveText('80 kg');
    await rows.getByRole('button', { name: /^Edit the log of weight/ }).click();
    await rows.getByRole('textbox', { name: 'Value', exact: true }).fill('81.5');
    await rows.getByRole('button', { name: 'Save' }).click();
    await expect(rows.getByTestId('tracker-log-value')).toHaveText('81.5 kg');
    await expect.poll(async () => (await api.listLogs({ trackerId: weight.id }))[0]?.value).toBe('81.5');

    // An invalid tracker id, or one that is nobody's, is ignored: every log shows.
    for (const trackerId of ['not-a-tracker', '0b8e6a0c-5a3f-4c1e-9d2b-7f1a2b3c4d5e']) {
      await page.goto(`/trackers/logs?trackerId=${trackerId}`);
      await expect(page.getByRole('heading', { name: 'Tracker logs' })).toBeVisible();
      await expect(page.getByTestId('tracker-log-row').filter({ hasText: 'height' })).toHaveCount(1);
      await expect(page.getByTestId('tracker-log-row').filter({ hasText: 'weight' })).toHaveCount(1);
    }
  });
});
