import type { Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { moneyApi } from '../support/money';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

// The days below are counted in UTC, and so are the browser's and (through its time-zone header) the API's.
test.use({ timezoneId: 'UTC' });

/** A calendar day (YYYY-MM-DD) `days` from today, UTC. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The 15th of the month `months` before this one (YYYY-MM-DD), and its month (YYYY-MM). */
function midMonth(months: number): { day: string; month: string } {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const month = date.toISOString().slice(0, 7);
  return { day: `${month}-15`, month };
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** A new user on the money screen, with the API as that user (and the raw token for what the helpers lack). */
async function openMoney(page: Page, path: string) {
  const user = await openAppAsNewUser(page, baseURL, path);
  const token = user.tokens.accessToken.token;
  const api = moneyApi(page, baseURL, token);
  const get = async <Body>(apiPath: string): Promise<Body> => {
    const response = await page.request.get(`${baseURL}/api/v1${apiPath}`, {
      headers: { Authorization: `Bearer ${token}`, 'x-timezone': 'UTC' },
    });
    expect(response.ok(), `GET ${apiPath}`).toBe(true);
    return response.json();
  };
  return { api, get };
}

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** "2026-03-05" written as a German bank writes it: "05.03.2026". */
const germanDate = (day: string) => day.split('-').reverse().join('.');

test.describe('money reports, recurring transactions and CSV import', () => {
  test('imports a bank export of 50 rows, skips the 2 already entered, and the balance follows', async ({
    page,
  }) => {
    const { api } = await openMoney(page, '/money-flow-tracker');
    const usd = await api.currencyId('USD');
    const checking = await api.createAccount({ name: 'Checking', currencyId: usd });
    await api.createAccount({ name: 'Cash', currencyId: usd });
    const coffeeDay = dayFromToday(-20);
    const salaryDay = dayFromToday(-15);
    await api.createTransaction({
      type: 'expense',
      accountId: checking.id,
      amount: '12.34',
      currencyId: usd,
      date: coffeeDay,
      note: 'Coffee shop',
    });
    await api.createTransaction({
      type: 'income',
      accountId: checking.id,
      amount: '1500',
      currencyId: usd,
      date: salaryDay,
      note: 'Salary',
    });

    // A German bank's export: semicolons, day-first dates, decimal commas, thousands points.
    const rows = [
      `${germanDate(coffeeDay)};Coffee shop;-12,34`,
      `${germanDate(salaryDay)};Salary;1.500,00`,
      ...Array.from(
        { length: 48 },
        (_, index) => `${germanDate(dayFromToday(-index - 1))};Purchase ${index + 1};-2,50`,
      ),
    ];
    const csv = ['Buchungstag;Verwendungszweck;Betrag', ...rows].join('\r\n');

    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Import transactions' })).toBeVisible();
    // Nothing chosen yet: the wizard says what is missing rather than sending anything.
    await dialog(page).getByRole('button', { name: 'Next' }).click();
    await expect(dialog(page).getByText('Choose the account to import into')).toBeVisible();
    await expect(dialog(page).getByText('Choose a CSV file')).toBeVisible();

    await dialog(page).getByLabel('Account').selectOption({ label: 'Checking' });
    await expect(dialog(page).getByLabel('Currency of the amounts')).toHaveValue(usd);
    await dialog(page)
      .getByLabel('CSV file')
      .setInputFiles({ name: 'umsaetze.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(dialog(page).getByText('umsaetze.csv')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Next' }).click();

    // The columns and formats are guessed from the header and the first rows.
    await expect(dialog(page).getByLabel('Date', { exact: true })).toHaveValue('0');
    await expect(dialog(page).getByLabel('Amount', { exact: true })).toHaveValue('2');
    await expect(dialog(page).getByLabel('Note (payee, description)')).toHaveValue('1');
    await expect(dialog(page).getByLabel('Date format')).toHaveValue('dd.MM.yyyy');
    await expect(dialog(page).getByLabel('Decimal separator')).toHaveValue(',');
    await expect(dialog(page).getByLabel('Column separator')).toContainText('Automatic (semicolon)');
    await dialog(page).getByRole('button', { name: 'Preview' }).click();

    const counts = dialog(page).getByRole('definition');
    await expect(counts).toHaveText(['48', '2', '0']);
    const coffeeRow = dialog(page).getByRole('row').filter({ hasText: 'Coffee shop' });
    await expect(coffeeRow).toContainText('Duplicate');
    await expect(coffeeRow).toContainText('−$12.34');
    await expect(dialog(page).getByRole('row').filter({ hasText: 'Purchase 1' }).first()).toContainText(
      'New',
    );

    const importing = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/v1/money/imports',
    );
    await dialog(page).getByRole('button', { name: 'Import 48 transactions' }).click();
    expect((await importing).ok()).toBe(true);
    await expect(dialog(page).getByRole('status')).toContainText('48 new, 2 duplicates skipped');
    await expect(toast(page, '48 new, 2 duplicates skipped')).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await expect(dialog(page)).toBeHidden();

    expect(await api.listTransactions({ accountId: checking.id, limit: '500' })).toHaveLength(50);
    // The register shows the imported rows (the newest, from yesterday, at the top).
    await expect(
      page.getByRole('list', { name: 'Transactions' }).getByText('Purchase 1', { exact: true }),
    ).toBeVisible();
    // 1,500.00 − 12.34 − 48 × 2.50
    await page.getByRole('tab', { name: 'Accounts' }).click();
    await expect(page.getByTestId('money-grand-total')).toHaveText('$1,367.66');
  });

  test('the reports show income and expenses per month, by category, and net worth', async ({ page }) => {
    const { api } = await openMoney(page, '/money-flow-tracker?tab=reports');
    await expect(page.getByRole('heading', { name: 'Nothing to report yet' })).toBeVisible();
    await expect(
      page.getByText("Amounts in other currencies are converted at the rate of each transaction's date."),
    ).toBeVisible();

    const usd = await api.currencyId('USD');
    const account = await api.createAccount({ name: 'Checking', currencyId: usd });
    const rent = await api.createCategory({ name: 'Rent' });
    const lastMonth = midMonth(1);
    const monthBefore = midMonth(2);
    const add = (
      type: 'income' | 'expense',
      amount: string,
      date: string,
      categoryId: string | null = null,
    ) => api.createTransaction({ type, accountId: account.id, amount, currencyId: usd, date, categoryId });
    await add('income', '1000', lastMonth.day);
    await add('expense', '250.5', lastMonth.day, rent.id);
    await add('expense', '99.99', monthBefore.day);

    await page.reload();
    const monthly = page.getByRole('region', { name: 'Income and expenses' });
    // The period's totals: income, expenses, net.
    await expect(monthly.getByRole('definition')).toHaveText(['$1,000.00', '$350.49', '$649.51']);
    // One bar for each figure that is not zero: last month's income and expense, and the month before's expense.
    await expect(monthly.locator('.recharts-bar-rectangle path')).toHaveCount(3);

    await monthly.getByRole('button', { name: 'Show table' }).click();
    const table = monthly.getByRole('table', { name: 'Income and expenses per month' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^${monthName(lastMonth.month)} `) })).toHaveText(
      `${monthName(lastMonth.month)}$1,000.00$250.50$749.50`,
    );
    await expect(
      table.getByRole('row', { name: new RegExp(`^${monthName(monthBefore.month)} `) }),
    ).toHaveText(`${monthName(monthBefore.month)}$0.00$99.99-$99.99`);
    // Twelve months in the default range, plus the header row.
    await expect(table.getByRole('row')).toHaveCount(13);

    const byCategory = page.getByRole('region', { name: 'By category' });
    const legend = byCategory.getByRole('list', { name: 'Spending by category' });
    await expect(legend.getByRole('listitem')).toHaveText(['Rent$250.5071.5%', 'Uncategorised$99.9928.5%']);
    await byCategory.getByRole('button', { name: 'Income', exact: true }).click();
    await expect(byCategory.getByRole('list', { name: 'Income by category' })).toHaveText(
      'Uncategorised$1,000.00100.0%',
    );

    const netWorth = page.getByRole('region', { name: 'Net worth' });
    await expect(netWorth).toContainText('$649.51');
    await expect(netWorth.locator('.recharts-line-curve')).toHaveCount(1);

    // A preset narrows the range, in the URL too; last month alone has no expense from the month before.
    await page.getByLabel('Period').selectOption('this-month');
    await expect(page).toHaveURL(/reportFrom=\d{4}-\d{2}-01/);
    await expect(monthly.getByText('No income or expenses in this period.')).toBeVisible();
  });

  test('a recurring transaction that started in the past posts what is due, lists what is coming, and skips one', async ({
    page,
  }) => {
    const { api, get } = await openMoney(page, '/money-flow-tracker?tab=recurring');
    const usd = await api.currencyId('USD');
    const account = await api.createAccount({ name: 'Checking', currencyId: usd });
    await page.reload();
    await expect(page.getByText('No recurring transactions yet')).toBeVisible();

    await page.getByRole('button', { name: 'New recurring' }).click();
    const form = dialog(page);
    await expect(form.getByLabel('Account', { exact: true })).toHaveValue(account.id);
    await form.getByLabel('Amount', { exact: true }).fill('15.99');
    await form.getByLabel('Note').fill('Streaming');
    await form.getByLabel('Frequency').selectOption('weekly');
    // Ten days ago: it fell on that day and a week later; the next four fall within the coming 30 days.
    const start = dayFromToday(-10);
    await form.getByLabel('First day').fill(start);
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${start}T00:00:00Z`),
    );
    await expect(form.getByRole('button', { name: weekday, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(form.getByText(`Every week on ${weekday}`)).toBeVisible();
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Recurring transaction created')).toContainText(
      '2 occurrences already due were posted.',
    );
    await expect(form).toBeHidden();

    const list = page.getByRole('list', { name: 'Recurring transactions' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Streaming');
    await expect(list).toContainText('−$15.99');
    await expect(list).toContainText(`Every week on ${weekday}`);
    await expect(list).toContainText('posted 2 times');

    const posted = await api.listTransactions({ accountId: account.id });
    // Decimal strings may carry trailing zeros ("15.990000").
    expect(
      posted.map(({ date, amount, note }) => ({ date, amount: amount.replace(/0+$/, ''), note })),
    ).toEqual([
      { date: dayFromToday(-3), amount: '15.99', note: 'Streaming' },
      { date: start, amount: '15.99', note: 'Streaming' },
    ]);

    const upcoming = page.getByRole('list', { name: 'Upcoming transactions' });
    const comingDays = [4, 11, 18, 25].map((days) => dayFromToday(days));
    await expect(upcoming.getByRole('listitem')).toHaveCount(4);
    await upcoming.getByRole('listitem').first().getByRole('button', { name: /^Skip/ }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Streaming');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Skip' }).click();
    await expect(upcoming.getByRole('listitem')).toHaveCount(3);

    const coming = await get<{ items: { date: string }[] }>('/money/recurring/upcoming');
    expect(coming.items.map((item) => item.date)).toEqual(comingDays.slice(1));

    // The posted ones show in the register.
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await expect(page.getByRole('list', { name: 'Transactions' }).getByText('Streaming')).toHaveCount(2);
  });
});
