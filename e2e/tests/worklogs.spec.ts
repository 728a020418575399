import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { dragWithMouse, waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { addSessionCookies, createUser } from '../support/users';
import { type ApiWorklog, parseCsv, todayIn, worklogsApi } from '../support/worklogs';

const baseURL = serverUrl('main');
const TIME_ZONE = 'Europe/Warsaw';

// The app's "today" is the browser's; the tests fix the zone so they know which day that is.
test.use({ timezoneId: TIME_ZONE });

/** A new user, signed in through cookies, with the work log API to arrange data before the page opens. */
async function signIn(page: Page) {
  const user = await createUser(page.request, baseURL);
  await addSessionCookies(page.context(), baseURL, {
    accessToken: user.tokens.accessToken.token,
    refreshToken: user.tokens.refreshToken.token,
  });
  return worklogsApi(page, baseURL, user.tokens.accessToken.token);
}

function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const headerTimer = (page: Page) => page.getByTestId('header-timer');
const daySection = (page: Page, day: string) =>
  page.locator(`[data-testid="worklog-day"][data-day="${day}"]`);
const entryRow = (scope: Locator | Page, text: string) =>
  scope.getByTestId('worklog-entry').filter({ hasText: text });

test.describe('work log', () => {
  test('starts and stops the timer in the header; a reload keeps it running', async ({ page }) => {
    const api = await signIn(page);
    await api.createProject({ name: 'Acme website', client: 'Acme Corp' });
    const internal = await api.createProject({ name: 'Internal tools' });
    const today = todayIn(TIME_ZONE);
    await page.goto('/worklogs');

    await headerTimer(page).getByRole('button', { name: 'Start timer' }).click();
    const startDialog = page.getByRole('dialog', { name: 'Start a timer' });
    await startDialog.getByLabel('Project').selectOption({ label: 'Internal tools' });
    await startDialog.getByLabel('Description').fill('Fix the login bug');
    await startDialog.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(startDialog).toBeHidden();
    await expect(headerTimer(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    await expect(headerTimer(page).getByTestId('worklog-timer-elapsed')).toHaveText(/^0:00:\d\d$/);
    await expect
      .poll(() => api.getTimer())
      .toMatchObject({ projectId: internal.id, description: 'Fix the login bug' });

    // The timer is the server's: after a reload it is still there, still counting from its start.
    await page.reload();
    await expect(headerTimer(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    const elapsed = headerTimer(page).getByTestId('worklog-timer-elapsed');
    const first = await elapsed.textContent();
    await expect(elapsed).not.toHaveText(first ?? '');
    await headerTimer(page).getByRole('button', { name: 'Running timer: show details' }).click();
    const details = page.getByRole('dialog', { name: 'Timer running' });
    await expect(details).toContainText('Internal tools');
    await expect(details.getByLabel('Description')).toHaveValue('Fix the login bug');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    const stopped = waitForApi(page, 'POST', /\/api\/v1\/worklogs\/timer\/stop$/);
    await headerTimer(page).getByRole('button', { name: 'Stop timer' }).click();
    const entry = (await (await stopped).json()) as ApiWorklog;
    // Stopped within its first minute, it counts one minute, on the day it started.
    expect(entry).toMatchObject({
      projectId: internal.id,
      description: 'Fix the login bug',
      duration: 1,
      workDate: today,
    });
    await expect(page.getByText('Logged 0:01')).toBeVisible();
    await expect(headerTimer(page).getByRole('button', { name: 'Start timer' })).toBeVisible();
    // The new entry shows in the week without a reload.
    await expect(entryRow(daySection(page, today), 'Fix the login bug')).toContainText('0:01');
    expect(await api.getTimer()).toBeNull();
  });

  test('adds entries from the keyboard on the week view, flags overlaps, copies, edits and deletes', async ({
    page,
  }) => {
    const api = await signIn(page);
    const project = await api.createProject({ name: 'Acme website', client: 'Acme Corp' });
    const development = await api.createCategory({ name: 'Development', breaksMultiplier: '1.15' });
    const today = todayIn(TIME_ZONE);
    const monday = mondayOf(today);
    await page.goto('/worklogs');

    const form = page.getByRole('form', { name: 'Add time' });
    const start = form.getByLabel('Start', { exact: true });
    await expect(form.getByLabel('Project')).toHaveValue(project.id);
    await expect(form.getByLabel('Date')).toHaveValue(today);
    await form.getByLabel('Category').selectOption({ label: 'Development ×1.15' });
    await start.fill('830');
    await form.getByLabel('End', { exact: true }).fill('10');
    await form.getByLabel('Description').fill('Review the pull request');
    const created = waitForApi(page, 'POST', /\/api\/v1\/worklogs$/);
    await form.getByLabel('Description').press('Enter');
    expect(await (await created).json()).toMatchObject({
      startTime: '08:30',
      endTime: '10:00',
      duration: 90,
      categoryId: development.id,
      durationWithBreaks: '103.5',
    });
    const day = daySection(page, today);
    await expect(entryRow(day, 'Review the pull request')).toContainText('1:30');
    await expect(entryRow(day, 'Review the pull request')).toContainText('08:30–10:00');
    // 90 minutes × 1.15 = 103.5, shown to the minute.
    await expect(day.getByTestId('worklog-day-total')).toHaveText('Day total 1:30 · 1:44 with breaks');

    // The next entry starts where that one ended, its start field focused: a duration finds the end.
    await expect(start).toHaveValue('10:00');
    await expect(start).toBeFocused();
    await form.getByLabel('Duration').fill('45m');
    await form.getByLabel('Description').fill('Answer e-mails');
    await form.getByLabel('Description').press('Enter');
    await expect(entryRow(day, 'Answer e-mails')).toContainText('10:00–10:45');

    await start.fill('10:30');
    await form.getByLabel('End', { exact: true }).fill('1100');
    await form.getByLabel('Description').fill('Call with Sam');
    await form.getByLabel('Description').press('Enter');
    // Overlapping entries are flagged with an icon and words, not refused.
    await expect(entryRow(day, 'Call with Sam').getByTestId('worklog-overlap')).toHaveText(
      'Overlaps 10:00–10:45',
    );
    await expect(entryRow(day, 'Answer e-mails').getByTestId('worklog-overlap')).toHaveText(
      'Overlaps 10:30–11:00',
    );
    await expect(entryRow(day, 'Review the pull request').getByTestId('worklog-overlap')).toHaveCount(0);
    await expect(page.getByTestId('worklog-week-total')).toContainText('Week total 2:45');

    // Edited in place: Enter saves.
    await entryRow(day, 'Call with Sam').getByRole('button', { name: 'Edit “Call with Sam”' }).click();
    const editForm = page.getByRole('form', { name: 'Edit “Call with Sam”' });
    await editForm.getByLabel('End', { exact: true }).fill('11:15');
    await editForm.getByLabel('End', { exact: true }).press('Enter');
    await expect(editForm).toBeHidden();
    await expect(entryRow(day, 'Call with Sam')).toContainText('10:30–11:15');
    await expect(entryRow(day, 'Call with Sam')).toContainText('0:45');

    // Deleted after a confirmation.
    await entryRow(day, 'Answer e-mails').getByRole('button', { name: 'Delete “Answer e-mails”' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(entryRow(day, 'Answer e-mails')).toHaveCount(0);
    await expect(entryRow(day, 'Call with Sam').getByTestId('worklog-overlap')).toHaveCount(0);

    // Copied to the same weekday next week, which the page then shows.
    await entryRow(day, 'Review the pull request')
      .getByRole('button', { name: 'Copy “Review the pull request” to another day' })
      .click();
    await page
      .getByRole('dialog', { name: 'Copy to another day' })
      .getByRole('button', { name: /^Same day next week/ })
      .click();
    const nextWeek = addDays(monday, 7);
    await expect(page).toHaveURL(new RegExp(`week=${nextWeek}`));
    await expect(entryRow(daySection(page, addDays(today, 7)), 'Review the pull request')).toContainText(
      '08:30–10:00',
    );

    await page.getByRole('button', { name: 'This week' }).click();
    await expect(page).not.toHaveURL(/week=/);
    const saved = await api.listEntries({ from: monday, to: addDays(monday, 13) });
    expect(
      saved
        .map((entry) => [entry.workDate, entry.startTime, entry.endTime, entry.duration, entry.description])
        .sort((first, second) => String(first).localeCompare(String(second))),
    ).toEqual(
      [
        [today, '08:30', '10:00', 90, 'Review the pull request'],
        [today, '10:30', '11:15', 45, 'Call with Sam'],
        [addDays(today, 7), '08:30', '10:00', 90, 'Review the pull request'],
      ].sort((first, second) => String(first).localeCompare(String(second))),
    );
  });

  test('the list’s columns keep their widths whatever the rows in view hold', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const api = await signIn(page);
    const short = await api.createProject({ name: 'Ops' });
    const long = await api.createProject({ name: 'Quarterly infrastructure migration programme' });
    const description = 'Reviewed the pull requests of the week and wrote up the release notes for it';
    await api.createEntry({ projectId: short.id, workDate: '2026-03-02', duration: 30, description });
    const widths = async () =>
      page
        .getByRole('columnheader')
        .evaluateAll((headers) => headers.map((header) => Math.round(header.getBoundingClientRect().width)));

    await page.goto('/worklogs/list');
    await expect(page.getByTestId('worklog-row')).toHaveCount(1);
    const withShortName = await widths();

    // A row with a long project name, as a scroll can bring into view: in an automatic table layout it
    // widened its column, rewrapped every description and moved the rows under the reader.
    await api.createEntry({ projectId: long.id, workDate: '2026-03-03', duration: 30, description });
    await page.reload();
    await expect(page.getByTestId('worklog-row')).toHaveCount(2);
    expect(await widths()).toEqual(withShortName);
    await expect(page.getByRole('cell', { name: /Quarterly infrastructure/ })).toBeVisible();
  });

  test('configures the export columns and downloads a CSV that matches the entries', async ({ page }) => {
    const api = await signIn(page);
    const acme = await api.createProject({ name: 'Acme website', client: 'Acme Corp' });
    const other = await api.createProject({ name: 'Internal tools' });
    const development = await api.createCategory({ name: 'Development', breaksMultiplier: '1.15' });
    await api.createEntry({
      projectId: acme.id,
      categoryId: development.id,
      workDate: '2026-03-02',
      startTime: '08:30',
      endTime: '10:00',
      description: 'Checkout, "address" form',
    });
    await api.createEntry({
      projectId: acme.id,
      workDate: '2026-03-03',
      duration: 45,
      description: '=SUM(A1)',
    });
    await api.createEntry({
      projectId: acme.id,
      workDate: '2026-03-04',
      startTime: '13:00',
      endTime: '14:00',
      description: 'Line one\nLine two',
    });
    // Outside the range, and another project's: neither is exported.
    await api.createEntry({ projectId: acme.id, workDate: '2026-04-01', duration: 30, description: 'April' });
    await api.createEntry({
      projectId: other.id,
      workDate: '2026-03-02',
      duration: 30,
      description: 'Other',
    });

    await page.goto(`/worklogs/list?projectId=${acme.id}&from=2026-03-01&to=2026-03-31`);
    await expect(page.getByTestId('worklog-list-totals')).toContainText('3 entries');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export to CSV' });
    await expect(dialog.getByLabel('Project', { exact: true })).toHaveValue(acme.id);
    await expect(dialog.getByLabel('From', { exact: true })).toHaveValue('2026-03-01');
    await expect(dialog.getByLabel('To', { exact: true })).toHaveValue('2026-03-31');
    const columnKeys = () =>
      dialog
        .getByTestId('export-column')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')));

    // Reordered from the keyboard: Description, last of 15, to the top.
    const grip = dialog.getByRole('button', { name: 'Move “Description”' });
    await grip.focus();
    await page.keyboard.press('Space');
    await expect(grip).toHaveAttribute('aria-pressed', 'true');
    // Each arrow key moves it one place, as the announcement says; a key pressed while the list is still
    // being measured for the drag moves nothing, as it would for a person, who presses again.
    const announcement = page.locator('[id^="DndLiveRegion"]');
    for (let presses = 0; presses < 30; presses += 1) {
      const said = (await announcement.textContent()) ?? '';
      if (said.includes('is over position 1 of 15')) break;
      await page.keyboard.press('ArrowUp');
      await expect(announcement)
        .not.toHaveText(said, { timeout: 1000 })
        .catch(() => undefined);
    }
    await expect(announcement).toContainText('is over position 1 of 15');
    await page.keyboard.press('Space');
    await expect.poll(async () => (await columnKeys())[0]).toBe('description');

    // And with the mouse: Start dropped onto Date.
    await dragWithMouse(
      page,
      dialog.getByRole('button', { name: 'Move “Start”' }),
      dialog.getByRole('button', { name: 'Move “Date”' }),
    );
    await expect
      .poll(async () => (await columnKeys()).slice(0, 3))
      .toEqual(['description', 'startTime', 'workDate']);

    await dialog.getByLabel('Header for “Duration (min)”').fill('Minutes');
    await dialog.getByLabel('Header for “Category”').fill('Kind');
    await dialog.getByRole('button', { name: 'Reset the header of “Category”' }).click();
    await expect(dialog.getByLabel('Header for “Category”')).toHaveValue('Category');
    await dialog.getByRole('checkbox', { name: 'Include “End”' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Include “Client”' }).check();
    await dialog.getByLabel('File name', { exact: true }).fill('acme-march');
    await dialog.getByLabel('Save these columns as a preset').fill('Client report');
    await dialog.getByRole('button', { name: 'Save preset' }).click();
    await expect(dialog.getByLabel('Preset', { exact: true })).toHaveValue('Client report');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('acme-march_2026-03-01_2026-03-31.csv');
    await expect(page.getByText('Downloaded acme-march_2026-03-01_2026-03-31.csv')).toBeVisible();

    // What was saved is what the file has: the columns, their order and headers, and the preset.
    const saved = (await api.getProject(acme.id)).csvExportConfig;
    expect(saved).toMatchObject({ defaultFilename: 'acme-march', lastUsedPreset: 'Client report' });
    expect(saved.presets.map((preset) => preset.name)).toEqual(['Client report']);
    const expectedHeader = [...saved.columns]
      .sort((first, second) => first.order - second.order)
      .filter((column) => column.enabled)
      .map((column) => column.label);

    const [header = [], ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
    expect(header).toEqual(expectedHeader);
    expect(header.slice(0, 3)).toEqual(['Description', 'Start', 'Date']);
    expect(header).toContain('Minutes');
    expect(header).toContain('Client');
    expect(header).not.toContain('End');
    const cell = (row: string[], label: string) => row[header.indexOf(label)];
    expect(
      rows.map((row) => [
        cell(row, 'Date'),
        cell(row, 'Start'),
        cell(row, 'Minutes'),
        cell(row, 'Description'),
      ]),
    ).toEqual([
      ['2026-03-02', '08:30', '90', 'Checkout, "address" form'],
      // A cell a spreadsheet would run as a formula is written as text.
      ['2026-03-03', '', '45', "'=SUM(A1)"],
      ['2026-03-04', '13:00', '60', 'Line one\nLine two'],
    ]);
    expect(rows.map((row) => [cell(row, 'Project'), cell(row, 'Client'), cell(row, 'Category')])).toEqual([
      ['Acme website', 'Acme Corp', 'Development'],
      ['Acme website', 'Acme Corp', ''],
      ['Acme website', 'Acme Corp', ''],
    ]);
  });

  test('shows the time logged on a task and with its subtasks, and starts a timer for the task', async ({
    page,
  }) => {
    const api = await signIn(page);
    const project = await api.createProject({ name: 'Acme website' });
    const parent = await api.createTask({ title: 'Ship the checkout' });
    const child = await api.createTask({ title: 'Address form', parentId: parent.id });
    const today = todayIn(TIME_ZONE);
    await api.createEntry({ projectId: project.id, workDate: today, duration: 30, taskId: parent.id });
    await api.createEntry({ projectId: project.id, workDate: today, duration: 45, taskId: child.id });
    await page.goto(`/tasks/${parent.id}/`);

    const panel = page.getByRole('region', { name: 'Time logged' });
    await expect(panel).toContainText('Logged 30 min · 1 h 15 min with subtasks');
    await panel.getByRole('button', { name: 'Start timer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a timer for this task' });
    await dialog.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(headerTimer(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    await expect.poll(async () => (await api.getTimer())?.taskId).toBe(parent.id);

    await panel.getByRole('button', { name: 'Stop timer' }).click();
    await expect(panel).toContainText('Logged 31 min · 1 h 16 min with subtasks');
    await expect(headerTimer(page).getByRole('button', { name: 'Start timer' })).toBeVisible();
    const logged = (await api.listEntries({ taskId: parent.id })).find((entry) => entry.duration === 1);
    expect(logged).toMatchObject({ taskId: parent.id, taskName: 'Ship the checkout', workDate: today });
  });
});
