import type { Locator, Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { moneyApi } from '../support/money';
import { waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');
const TRANSFER_DESTINATION_MESSAGE = 'Transfer requires a different destination account';

/** A new user on the money screen, with the API as that user to arrange data and check what was saved. */
async function openMoney(page: Page, path = '/money-flow-tracker') {
  const user = await openAppAsNewUser(page, baseURL, path);
  return moneyApi(page, baseURL, user.tokens.accessToken.token);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });
const addRow = (page: Page) => page.getByRole('form', { name: 'Add a transaction' });
const dialog = (page: Page) => page.getByRole('dialog');

/** An account's (or category's) row, found by the button that carries its name. */
function entryRow(page: Page, testId: 'money-account-row' | 'money-category-row', name: string): Locator {
  return page.getByTestId(testId).filter({ has: page.getByRole('button', { name, exact: true }) });
}
const balanceOf = (page: Page, name: string) =>
  entryRow(page, 'money-account-row', name).getByTestId('money-account-balance');

async function createEntry(page: Page, button: string, name: string) {
  await page.getByRole('button', { name: button }).first().click();
  await dialog(page).getByLabel('Name').fill(name);
  await dialog(page)
    .getByRole('button', { name: /^Create/ })
    .click();
  await expect(dialog(page)).toBeHidden();
}

async function addChildEntry(
  page: Page,
  testId: 'money-account-row' | 'money-category-row',
  parent: string,
  name: string,
) {
  await entryRow(page, testId, parent)
    .getByRole('button', { name: `Actions for ${parent}` })
    .click();
  await page.getByRole('menuitem', { name: /^Add sub-/ }).click();
  await dialog(page).getByLabel('Name').fill(name);
  await dialog(page)
    .getByRole('button', { name: /^Create/ })
    .click();
  await expect(dialog(page)).toBeHidden();
}

test.describe('money flow tracker', () => {
  test('accounts, categories, income, expense and a transfer entered on the screens move the balances', async ({
    page,
  }) => {
    // Many steps through the screens, each a round trip to the API.
    test.setTimeout(60_000);
    const api = await openMoney(page, '/money-flow-tracker?tab=accounts');
    await expect(page.getByRole('heading', { name: 'Money', level: 1 })).toBeVisible();
    await expect(page.getByText('No accounts yet')).toBeVisible();

    await createEntry(page, 'New account', 'Checking');
    await createEntry(page, 'New account', 'Cash');
    await addChildEntry(page, 'money-account-row', 'Checking', 'Savings');
    await expect(page.getByRole('list', { name: 'Sub-accounts of Checking' })).toContainText('Savings');

    // The tabs are a real tablist: the arrow keys move to the next tab.
    await tab(page, 'Accounts').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Categories')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=categories/);
    await createEntry(page, 'New category', 'Salary');
    await createEntry(page, 'New category', 'Food');
    await addChildEntry(page, 'money-category-row', 'Food', 'Restaurants');

    const accounts = await api.listAccounts();
    const categories = await api.listCategories();
    const idOf = (list: { id: string; name: string }[], name: string) =>
      list.find((entry) => entry.name === name)?.id ?? '';

    await tab(page, 'Transactions').click();
    await expect(page.getByText('No transactions yet')).toBeVisible();
    const row = addRow(page);
    const amount = row.getByLabel('Amount', { exact: true });

    // Income: Enter saves and leaves the row ready for the next entry, the cursor in the amount.
    await row.getByLabel('Type').selectOption('income');
    await row.getByLabel('Account', { exact: true }).selectOption(idOf(accounts, 'Checking'));
    await row.getByLabel('Category').selectOption(idOf(categories, 'Salary'));
    await amount.fill('2,500');
    await row.getByLabel('Note').fill('June salary');
    const income = waitForApi(page, 'POST', /\/api\/v1\/money\/transactions$/);
    await row.getByLabel('Note').press('Enter');
    expect((await income).status()).toBe(201);
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue('');
    await expect(row.getByLabel('Note')).toHaveValue('');
    await expect(row.getByLabel('Type')).toHaveValue('income');
    const registerRows = page.getByTestId('money-transaction-row');
    await expect(registerRows.filter({ hasText: 'June salary' })).toContainText('+$2,500.00');

    // Income into the sub-account, typed without the mouse.
    await row.getByLabel('Account', { exact: true }).selectOption(idOf(accounts, 'Savings'));
    await amount.fill('100');
    await amount.press('Enter');
    await expect(registerRows.filter({ hasText: 'Checking › Savings' })).toContainText('+$100.00');

    // Escape clears what was typed.
    await amount.fill('999');
    await amount.press('Escape');
    await expect(amount).toHaveValue('');

    // An expense in a sub-category.
    await row.getByLabel('Type').selectOption('expense');
    await row.getByLabel('Account', { exact: true }).selectOption(idOf(accounts, 'Cash'));
    await row.getByLabel('Category').selectOption(idOf(categories, 'Restaurants'));
    await amount.fill('42.50');
    await row.getByLabel('Note').fill('Dinner');
    await row.getByRole('button', { name: 'Add' }).click();
    const dinner = registerRows.filter({ hasText: 'Dinner' });
    await expect(dinner).toContainText('−$42.50');
    await expect(dinner).toContainText('Food › Restaurants');

    // A transfer through the transfer form.
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await dialog(page).getByLabel('From account').selectOption(idOf(accounts, 'Checking'));
    await dialog(page).getByLabel('To account').selectOption(idOf(accounts, 'Cash'));
    await dialog(page).getByLabel('Amount sent').fill('200');
    await dialog(page).getByLabel('Note').fill('Pocket money');
    await dialog(page).getByRole('button', { name: 'Add transfer' }).click();
    await expect(dialog(page)).toBeHidden();
    const transfer = registerRows.filter({ hasText: 'Pocket money' });
    await expect(transfer).toContainText('Checking → Cash');
    await expect(transfer).toContainText('$200.00');

    await tab(page, 'Accounts').click();
    await expect(balanceOf(page, 'Checking')).toHaveText('$2,400.00');
    await expect(balanceOf(page, 'Savings')).toHaveText('$100.00');
    await expect(balanceOf(page, 'Cash')).toHaveText('$157.50');
    await expect(page.getByTestId('money-grand-total')).toHaveText('$2,557.50');
    await expect(page.getByText('convert each transaction at the exchange rate of its date')).toBeVisible();

    // An account opens the register narrowed to it, a transfer signed by its side there.
    await entryRow(page, 'money-account-row', 'Cash')
      .getByRole('button', { name: 'Cash', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`accountId=${idOf(accounts, 'Cash')}`));
    await expect(registerRows).toHaveCount(2);
    await expect(transfer).toContainText('+$200.00');
    await expect(dinner).toContainText('−$42.50');

    // Editing a row changes the balance; deleting it takes it out.
    await dinner.getByRole('button', { name: /^Dinner,/ }).click();
    await dialog(page).getByLabel('Amount').fill('40');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dinner).toContainText('−$40.00');
    await dinner.getByRole('button', { name: 'Delete Dinner' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(dinner).toHaveCount(0);
    await tab(page, 'Accounts').click();
    await expect(balanceOf(page, 'Cash')).toHaveText('$200.00');
  });

  test('a transfer into its own account shows the exact message', async ({ page }) => {
    const api = await openMoney(page);
    const checking = await api.createAccount({ name: 'Checking' });
    await api.createAccount({ name: 'Cash' });
    await page.reload();

    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await dialog(page).getByLabel('From account').selectOption(checking.id);
    await dialog(page).getByLabel('To account').selectOption(checking.id);
    await dialog(page).getByLabel('Amount sent').fill('10');
    const refused = waitForApi(page, 'POST', /\/api\/v1\/money\/transactions$/);
    await dialog(page).getByRole('button', { name: 'Add transfer' }).click();
    expect((await refused).status()).toBe(400);
    await expect(toast(page, TRANSFER_DESTINATION_MESSAGE)).toHaveText(TRANSFER_DESTINATION_MESSAGE);
    // The form stays open with what was typed, to pick another account.
    await expect(dialog(page).getByLabel('Amount sent')).toHaveValue('10');
    expect(await api.listTransactions()).toEqual([]);
  });

  test('deleting an account with transactions is refused, then they are moved and it is deleted', async ({
    page,
  }) => {
    const api = await openMoney(page);
    const usd = await api.currencyId('USD');
    const old = await api.createAccount({ name: 'Old bank' });
    const kept = await api.createAccount({ name: 'New bank' });
    await api.createTransaction({
      type: 'income',
      accountId: old.id,
      amount: '75.25',
      currencyId: usd,
      date: '2024-01-10',
    });
    await page.goto('/money-flow-tracker?tab=accounts');
    await expect(balanceOf(page, 'Old bank')).toHaveText('$75.25');

    await entryRow(page, 'money-account-row', 'Old bank')
      .getByRole('button', { name: 'Actions for Old bank' })
      .click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    const refused = waitForApi(page, 'DELETE', new RegExp(`/money/accounts/${old.id}$`));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    expect((await refused).status()).toBe(409);
    const move = page.getByRole('alertdialog');
    await expect(move).toContainText('“Old bank” cannot be deleted yet');
    await expect(move).toContainText('1 transaction');

    await move.getByLabel('Move the transactions to').selectOption(kept.id);
    await move.getByRole('button', { name: 'Move and delete' }).click();
    await expect(move).toBeHidden();
    await expect(toast(page, 'Deleted “Old bank”')).toBeVisible();
    await expect(entryRow(page, 'money-account-row', 'Old bank')).toHaveCount(0);
    await expect(balanceOf(page, 'New bank')).toHaveText('$75.25');
    expect((await api.listAccounts()).map((account) => account.name)).toEqual(['New bank']);
    expect((await api.listTransactions()).map((transaction) => transaction.accountId)).toEqual([kept.id]);
  });

  test('deleting a category with transactions moves them to uncategorised first', async ({ page }) => {
    const api = await openMoney(page);
    const usd = await api.currencyId('USD');
    const account = await api.createAccount({ name: 'Wallet' });
    const food = await api.createCategory({ name: 'Food' });
    await api.createTransaction({
      type: 'expense',
      accountId: account.id,
      categoryId: food.id,
      amount: '9.99',
      currencyId: usd,
      date: '2024-01-10',
    });
    await page.goto('/money-flow-tracker?tab=categories');
    await expect(entryRow(page, 'money-category-row', 'Food')).toContainText('1 transaction');

    await entryRow(page, 'money-category-row', 'Food')
      .getByRole('button', { name: 'Actions for Food' })
      .click();
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const move = page.getByRole('alertdialog');
    await expect(move).toContainText('“Food” cannot be deleted yet');
    await move.getByLabel('Move the transactions to').selectOption('none');
    await move.getByRole('button', { name: 'Move and delete' }).click();
    await expect(page.getByText('No categories yet')).toBeVisible();
    expect((await api.listTransactions()).map((transaction) => transaction.categoryId)).toEqual([null]);
  });

  test('Export CSV downloads the register with its filters', async ({ page }) => {
    const api = await openMoney(page);
    const usd = await api.currencyId('USD');
    const account = await api.createAccount({ name: 'Checking' });
    const base = { accountId: account.id, currencyId: usd, date: '2024-02-03' };
    await api.createTransaction({ ...base, type: 'income', amount: '1000', note: 'Salary February' });
    await api.createTransaction({ ...base, type: 'expense', amount: '12.30', note: 'Lunch' });
    await page.goto('/money-flow-tracker?type=income');
    await expect(page.getByTestId('money-transaction-row')).toHaveCount(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const stream = await file.createReadStream();
    let csv = '';
    for await (const chunk of stream) csv += chunk.toString();
    expect(csv).toContain('Salary February');
    expect(csv).not.toContain('Lunch');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
