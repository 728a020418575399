import type { Locator, Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { daysAgoAtNoon, trackerDashboardApi } from '../support/tracker-dashboard';
import { addSessionCookies, createUser } from '../support/users';

const baseURL = serverUrl('main');

test.use({ timezoneId: 'Europe/Lisbon', viewport: { width: 1280, height: 900 } });

/** A new user, signed in through cookies, with two trackers logged over the last five days. */
async function signInWithTrackers(page: Page) {
  const user = await createUser(page.request, baseURL);
  await addSessionCookies(page.context(), baseURL, {
    accessToken: user.tokens.accessToken.token,
    refreshToken: user.tokens.refreshToken.token,
  });
  const api = trackerDashboardApi(page, baseURL, user.tokens.accessToken.token);
  const weight = await api.createTracker({ name: 'Weight', unit: 'kg' });
  const height = await api.createTracker({ name: 'Height', unit: 'cm' });
  for (const [daysAgo, kilos, centimetres] of [
    [4, '71.5', '180'],
    [3, '71.2', '180.5'],
    [2, '70.8', '181'],
    [1, '70.9', '180.2'],
  ] as const) {
    await api.createLog({ trackerId: weight.id, value: kilos, logDate: daysAgoAtNoon(daysAgo) });
    await api.createLog({ trackerId: height.id, value: centimetres, logDate: daysAgoAtNoon(daysAgo) });
  }
  return { api, weight, height };
}

const chartCard = (page: Page, name: string) =>
  page.getByTestId('dashboard-chart').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function addChart(
  page: Page,
  chart: { name: string; type: string; trackers: string[]; values?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add chart' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add chart' });
  await dialog.getByLabel('Name').fill(chart.name);
  await dialog.getByLabel('Chart type').selectOption({ label: chart.type });
  for (const tracker of chart.trackers) await dialog.getByRole('checkbox', { name: tracker }).check();
  if (chart.values) await dialog.getByLabel('Values').selectOption({ label: chart.values });
  const saved = waitForApi(page, 'POST', /\/tracker-dashboard$/);
  await dialog.getByRole('button', { name: 'Add chart' }).click();
  expect((await saved).status()).toBe(201);
  await expect(dialog).toBeHidden();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

/** Waits until no card is still sliding to its place: the grid animates every move for a moment. */
async function gridSettled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.react-grid-item')).every(
      (item) => item.getAnimations().length === 0,
    ),
  );
}

/** Presses at `from`, moves past the drag threshold, then to `to` in steps, and lets go. */
async function dragBy(page: Page, from: { x: number; y: number }, by: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 3 });
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps: 15 });
  await page.mouse.up();
}

test.describe('tracker dashboard', () => {
  test('adds one chart of each type, moves and resizes them, and keeps the layout after a reload', async ({
    page,
  }) => {
    // Three charts added through the dialog, two drags and a reload: longer than one click-through.
    test.setTimeout(120_000);
    const { api } = await signInWithTrackers(page);
    await page.goto('/tracker-dashboard');
    await expect(page.getByRole('heading', { name: 'No charts yet' })).toBeVisible();

    // A scatter chart needs two trackers: the dialog says so under the field before asking the server.
    await page.getByRole('button', { name: 'Add chart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add chart' });
    await dialog.getByLabel('Name').fill('Too few');
    await dialog.getByLabel('Chart type').selectOption({ label: 'Scatter' });
    await dialog.getByRole('checkbox', { name: 'Weight' }).check();
    await dialog.getByRole('button', { name: 'Add chart' }).click();
    await expect(dialog.getByText('A scatter chart compares exactly two trackers')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addChart(page, {
      name: 'Average per tracker',
      type: 'Bar',
      trackers: ['Weight', 'Height'],
      values: 'Average',
    });
    await expect(chartCard(page, 'Average per tracker').locator('.tracker-chart-bar')).toHaveCount(2);
    await expect(chartCard(page, 'Average per tracker').getByRole('list', { name: 'Legend' })).toContainText(
      'Height',
    );

    await addChart(page, {
      name: 'Weight day by day',
      type: 'Time series',
      trackers: ['Weight'],
      values: 'Every log',
    });
    await expect(chartCard(page, 'Weight day by day').locator('.tracker-chart-line')).toHaveCount(1);
    await expect(chartCard(page, 'Weight day by day').locator('circle.tracker-chart-point')).toHaveCount(4);

    await addChart(page, { name: 'Weight and height', type: 'Scatter', trackers: ['Weight', 'Height'] });
    await expect(chartCard(page, 'Weight and height').locator('circle.tracker-chart-point')).toHaveCount(4);

    // The three stand in the left column, one under the other.
    const charts = await api.listCharts();
    expect(charts.map((chart) => [chart.name, chart.position, chart.size])).toEqual([
      ['Average per tracker', '0,0', '6,4'],
      ['Weight day by day', '0,4', '6,4'],
      ['Weight and height', '0,8', '6,4'],
    ]);

    // Drag the scatter chart by its handle to the top of the right column.
    const scatter = chartCard(page, 'Weight and height');
    const bar = chartCard(page, 'Average per tracker');
    const handle = await box(scatter.getByRole('button', { name: 'Move Weight and height' }));
    const barBox = await box(bar);
    const moved = waitForApi(page, 'PUT', /\/tracker-dashboard\/layout$/);
    await dragBy(
      page,
      { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 },
      { x: barBox.width + 16, y: barBox.y - (await box(scatter)).y },
    );
    expect((await moved).status()).toBe(200);
    await expect
      .poll(
        async () => (await api.listCharts()).find((chart) => chart.name === 'Weight and height')?.position,
      )
      .toBe('6,0');

    // Resize the bar chart by its corner: two rows taller.
    const corner = await box(
      page.locator('.react-grid-item', { has: bar }).locator('.react-resizable-handle'),
    );
    const resized = waitForApi(page, 'PUT', /\/tracker-dashboard\/layout$/);
    await dragBy(
      page,
      { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 },
      { x: 0, y: 2 * 80 },
    );
    expect((await resized).status()).toBe(200);
    await expect
      .poll(async () => (await api.listCharts()).find((chart) => chart.name === 'Average per tracker')?.size)
      .toBe('6,6');

    // From the keyboard: the menu moves the time series chart one column right.
    await chartCard(page, 'Weight day by day')
      .getByRole('button', { name: 'Actions for Weight day by day' })
      .click();
    const stepped = waitForApi(page, 'PUT', /\/tracker-dashboard\/layout$/);
    await page.getByRole('menuitem', { name: 'Move right' }).click();
    expect((await stepped).status()).toBe(200);
    await page.keyboard.press('Escape');

    const saved = await api.listCharts();
    await gridSettled(page);
    const boxesBefore = await Promise.all(
      ['Average per tracker', 'Weight day by day', 'Weight and height'].map((name) =>
        box(chartCard(page, name)),
      ),
    );
    await page.reload();
    await expect(chartCard(page, 'Weight and height').locator('circle.tracker-chart-point')).toHaveCount(4);
    await gridSettled(page);
    const boxesAfter = await Promise.all(
      ['Average per tracker', 'Weight day by day', 'Weight and height'].map((name) =>
        box(chartCard(page, name)),
      ),
    );
    for (const [index, before] of boxesBefore.entries()) {
      const after = boxesAfter[index];
      expect(after?.x).toBeCloseTo(before.x, 0);
      expect(after?.y).toBeCloseTo(before.y, 0);
      expect(after?.width).toBeCloseTo(before.width, 0);
      expect(after?.height).toBeCloseTo(before.height, 0);
    }
    expect(await api.listCharts()).toEqual(saved);
    expect(saved.find((chart) => chart.name === 'Weight day by day')?.position).toMatch(/^1,/);
  });

  test('a year of logs gets date labels along the axis that never overlap', async ({ page }) => {
    const user = await createUser(page.request, baseURL);
    await addSessionCookies(page.context(), baseURL, {
      accessToken: user.tokens.accessToken.token,
      refreshToken: user.tokens.refreshToken.token,
    });
    const api = trackerDashboardApi(page, baseURL, user.tokens.accessToken.token);
    const weight = await api.createTracker({ name: 'Weight', unit: 'kg' });
    for (const daysAgo of [360, 300, 240, 180, 120, 60, 1])
      await api.createLog({
        trackerId: weight.id,
        value: String(70 + (daysAgo % 7)),
        logDate: daysAgoAtNoon(daysAgo),
      });
    await api.createChart({
      name: 'A year of weight',
      chartType: 'timeSeries',
      position: '0,0',
      size: '6,4',
      config: { trackerIds: [weight.id], timeRange: '1y', aggregation: 'none', colorScheme: 'default' },
    });
    await page.goto('/tracker-dashboard');
    const card = chartCard(page, 'A year of weight');
    await expect(card.locator('circle.tracker-chart-point')).toHaveCount(7);

    // The labels under the plot, left to right: more than two, each clear of the next and inside the card.
    const labels = card.locator('svg text[y]').filter({ hasText: /\d{4}$/ });
    const boxes = (await Promise.all((await labels.all()).map(box))).sort((a, b) => a.x - b.x);
    expect(boxes.length).toBeGreaterThan(2);
    for (const [index, label] of boxes.slice(1).entries())
      expect(label.x, `label ${index + 1} starts after label ${index} ends`).toBeGreaterThanOrEqual(
        boxes[index]!.x + boxes[index]!.width,
      );
    const cardBox = await box(card);
    expect(boxes.at(-1)!.x + boxes.at(-1)!.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
  });

  test('a point of one log opens that tracker’s logs; deleting a chart asks first', async ({ page }) => {
    const { weight } = await signInWithTrackers(page);
    await page.goto('/tracker-dashboard');
    await addChart(page, {
      name: 'Every weight',
      type: 'Time series',
      trackers: ['Weight'],
      values: 'Every log',
    });
    const card = chartCard(page, 'Every weight');
    await expect(card.locator('circle.tracker-chart-point')).toHaveCount(4);

    // The same figures as a table, whose rows open the log from the keyboard too.
    await card.getByRole('button', { name: 'Show Every weight as a table' }).click();
    await expect(card.getByRole('table')).toContainText('70.8 kg');
    await card.getByRole('button', { name: 'Show Every weight as a chart' }).click();

    await card.locator('circle.tracker-chart-point').first().click();
    await expect(page).toHaveURL(new RegExp(`/trackers/logs\\?trackerId=${weight.id}$`));

    await page.goBack();
    await chartCard(page, 'Every weight').getByRole('button', { name: 'Actions for Every weight' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Delete “Every weight”?');
    await confirm.getByRole('button', { name: 'Delete chart' }).click();
    await expect(page.getByRole('heading', { name: 'No charts yet' })).toBeVisible();
  });
});
