import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyUser, type MoneyUser } from './support/money-api';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let usd: string;
let eur: string;
let gbp: string;
beforeAll(async () => {
  t = await createTestApp();
  const probe = await createMoneyUser(t);
  usd = await probe.currency('USD');
  eur = await probe.currency('EUR');
  gbp = await probe.currency('GBP');
  // EUR has a history (units per 1 USD); GBP has none, so only its current rate is known.
  await t.database.db.execute(sql`delete from currency_rates`);
  await t.database.db.execute(
    sql`insert into currency_rates (currency_id, date, rate, source)
        values (${eur}, '2026-01-01', 0.9, 'admin'), (${eur}, '2026-06-01', 0.8, 'admin')`,
  );
  await t.database.db.execute(sql`update currencies set rate = 0.85 where id = ${eur}`);
  await t.database.db.execute(sql`update currencies set rate = 0.5 where id = ${gbp}`);
});
afterAll(() => t.close());

type Fields = Record<string, unknown>;
const income = (api: MoneyUser, fields: Fields) =>
  api.transaction({ type: 'income', amount: '10', currencyId: usd, date: '2026-03-01', ...fields });
const expense = (api: MoneyUser, fields: Fields) =>
  api.transaction({ type: 'expense', amount: '10', currencyId: usd, date: '2026-03-01', ...fields });

async function balances(api: MoneyUser, date = '2026-12-31') {
  const response = await api.call('GET', `/money/balances?date=${date}`);
  expect(response.status).toBe(200);
  return response.body as {
    currencyId: string;
    date: string;
    accounts: {
      accountId: string;
      byCurrency: { currencyId: string; amount: string }[];
      converted: string;
    }[];
    total: { byCurrency: { currencyId: string; amount: string }[]; converted: string };
    currenciesWithoutHistory: string[];
  };
}

const balanceOf = (body: Awaited<ReturnType<typeof balances>>, accountId: string) =>
  body.accounts.find((row) => row.accountId === accountId);

describe('balances', () => {
  it('sums 0.1 and 0.2 to exactly 0.3', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    await income(api, { accountId: bank.id, amount: '0.1' });
    await income(api, { accountId: bank.id, amount: '0.2' });
    const body = await balances(api);
    expect(body.currencyId).toBe(usd);
    expect(balanceOf(body, bank.id)).toEqual({
      accountId: bank.id,
      byCurrency: [{ currencyId: usd, amount: '0.3' }],
      converted: '0.3',
    });
    expect(body.total).toEqual({ byCurrency: [{ currencyId: usd, amount: '0.3' }], converted: '0.3' });
  });

  it('sums the largest amounts exactly, past what one amount can hold', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    for (let i = 0; i < 3; i++) await income(api, { accountId: bank.id, amount: '99999999999999.999999' });
    // Converted from EUR at 0.8 too: 3 × 99999999999999.999999 / 0.8, exactly, rounded once.
    const euros = await api.account('Euros');
    for (let i = 0; i < 3; i++) {
      await income(api, {
        accountId: euros.id,
        amount: '99999999999999.999999',
        currencyId: eur,
        date: '2026-06-02',
      });
    }
    const body = await balances(api);
    expect(balanceOf(body, bank.id)?.converted).toBe('299999999999999.999997');
    expect(balanceOf(body, bank.id)?.byCurrency).toEqual([
      { currencyId: usd, amount: '299999999999999.999997' },
    ]);
    expect(balanceOf(body, euros.id)?.converted).toBe('374999999999999.999996');
    expect(body.total.converted).toBe('674999999999999.999993');
  });

  it('rolls a sub-account up into its parent and lists every account, empty ones too', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const savings = await api.account('Savings', { parentId: bank.id });
    const cash = await api.account('Cash');
    await income(api, { accountId: bank.id, amount: '100' });
    await income(api, { accountId: bank.id, subAccountId: savings.id, amount: '50' });
    await expense(api, { accountId: bank.id, subAccountId: savings.id, amount: '30.25' });
    await income(api, {
      accountId: bank.id,
      subAccountId: savings.id,
      amount: '7',
      currencyId: eur,
      date: '2026-02-01',
    });
    const body = await balances(api);
    expect(body.accounts.map((row) => row.accountId).sort()).toEqual([bank.id, cash.id, savings.id].sort());
    expect(balanceOf(body, savings.id)).toEqual({
      accountId: savings.id,
      byCurrency: [
        { currencyId: eur, amount: '7' },
        { currencyId: usd, amount: '19.75' },
      ],
      // 7 EUR at 0.9 per USD = 7.777777…
      converted: '27.527778',
    });
    expect(balanceOf(body, bank.id)).toEqual({
      accountId: bank.id,
      byCurrency: [
        { currencyId: eur, amount: '7' },
        { currencyId: usd, amount: '119.75' },
      ],
      converted: '127.527778',
    });
    expect(balanceOf(body, cash.id)).toEqual({ accountId: cash.id, byCurrency: [], converted: '0' });
    expect(body.total.converted).toBe('127.527778');
  });

  it('leaves the total unchanged by a transfer between two accounts', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const cash = await api.account('Cash');
    await income(api, { accountId: bank.id, amount: '100' });
    const before = await balances(api);
    await api.transaction({
      type: 'transfer',
      accountId: bank.id,
      accountToId: cash.id,
      amount: '40',
      currencyId: usd,
      date: '2026-03-02',
    });
    const after = await balances(api);
    expect(before.total.converted).toBe('100');
    expect(after.total).toEqual(before.total);
    expect(balanceOf(after, bank.id)?.converted).toBe('60');
    expect(balanceOf(after, cash.id)?.converted).toBe('40');
  });

  it('counts only what was booked by the end of the day asked for, today by default', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    await income(api, { accountId: bank.id, amount: '5', date: '2026-03-10' });
    await income(api, { accountId: bank.id, amount: '7', date: '2026-03-11' });
    expect((await balances(api, '2026-03-09')).total.converted).toBe('0');
    const today = await api.call('GET', '/money/balances');
    expect(today.body).toMatchObject({ date: '2026-03-10', total: { converted: '5' } });
    expect((await balances(api, '2026-03-11')).total.converted).toBe('12');
  });

  it('converts each transaction at the rate of its own date, whatever today’s rate becomes', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    await income(api, { accountId: bank.id, amount: '90', currencyId: eur, date: '2026-01-15' });
    await income(api, { accountId: bank.id, amount: '80', currencyId: eur, date: '2026-06-15' });
    expect((await balances(api, '2026-01-31')).total.converted).toBe('100');
    const june = await balances(api, '2026-06-30');
    expect(june.total).toEqual({ byCurrency: [{ currencyId: eur, amount: '170' }], converted: '200' });
    expect(june.currenciesWithoutHistory).toEqual([]);

    await t.database.db.execute(sql`update currencies set rate = 0.5 where id = ${eur}`);
    try {
      expect((await balances(api, '2026-01-31')).total.converted).toBe('100');
      const months = await api.call('GET', '/money/reports/monthly?from=2026-01-01&to=2026-06-30');
      expect(months.body.months.map((row: { income: string }) => row.income)).toEqual([
        '100',
        '0',
        '0',
        '0',
        '0',
        '100',
      ]);
    } finally {
      await t.database.db.execute(sql`update currencies set rate = 0.85 where id = ${eur}`);
    }
  });

  it('converts into the user’s own currency at that currency’s rate of the same date', async () => {
    const api = await createMoneyUser(t);
    expect((await api.call('PATCH', '/users/me', { currency: 'EUR' })).status).toBe(200);
    const bank = await api.account('Bank');
    await income(api, { accountId: bank.id, amount: '100', currencyId: usd, date: '2026-01-15' });
    await income(api, { accountId: bank.id, amount: '100', currencyId: usd, date: '2026-06-15' });
    await income(api, { accountId: bank.id, amount: '0.1', currencyId: eur, date: '2026-06-15' });
    const body = await balances(api);
    expect(body.currencyId).toBe(eur);
    // 100 USD × 0.9 + 100 USD × 0.8 + 0.1 EUR as it is.
    expect(body.total.converted).toBe('170.1');
    expect(body.currenciesWithoutHistory).toEqual([]);
  });

  it('names the currencies converted at today’s rate for want of an old enough one', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    await income(api, { accountId: bank.id, amount: '10', currencyId: gbp, date: '2026-03-01' });
    await income(api, { accountId: bank.id, amount: '9', currencyId: eur, date: '2026-02-01' });
    const body = await balances(api);
    // 10 GBP at today's 0.5 = 20; 9 EUR at January's 0.9 = 10.
    expect(body.total.converted).toBe('30');
    expect(body.currenciesWithoutHistory).toEqual([gbp]);

    // A EUR transaction older than EUR's first known rate converts at today's 0.85 too.
    await income(api, { accountId: bank.id, amount: '17', currencyId: eur, date: '2025-12-31' });
    const later = await balances(api);
    expect(later.total.converted).toBe('50');
    expect([...later.currenciesWithoutHistory].sort()).toEqual([eur, gbp].sort());
  });
});

describe('balance history', () => {
  it('carries the opening balance into the first day and gives every day of the range', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const cash = await api.account('Cash');
    await income(api, { accountId: bank.id, amount: '100', date: '2026-02-10' });
    await expense(api, { accountId: bank.id, amount: '30', date: '2026-03-02' });
    await income(api, { accountId: bank.id, amount: '5.5', date: '2026-03-04' });
    await income(api, { accountId: bank.id, amount: '1000', date: '2026-03-05' });
    await income(api, { accountId: cash.id, amount: '9', currencyId: eur, date: '2026-03-03' });

    const all = await api.call('GET', '/money/balances/history?from=2026-03-01&to=2026-03-04');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      currencyId: usd,
      points: [
        { date: '2026-03-01', balance: '100' },
        { date: '2026-03-02', balance: '70' },
        { date: '2026-03-03', balance: '80' },
        { date: '2026-03-04', balance: '85.5' },
      ],
    });
    const bankOnly = await api.call(
      'GET',
      `/money/balances/history?from=2026-03-03&to=2026-03-04&accountId=${bank.id}`,
    );
    expect(bankOnly.body.points).toEqual([
      { date: '2026-03-03', balance: '70' },
      { date: '2026-03-04', balance: '75.5' },
    ]);
  });

  it('refuses a range that ends before it starts or spans more than ten years', async () => {
    const api = await createMoneyUser(t);
    const backwards = await api.call('GET', '/money/balances/history?from=2026-03-02&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.code).toBe('VALIDATION_FAILED');
    const tooLong = await api.call('GET', '/money/balances/history?from=2016-02-22&to=2026-03-01');
    expect(tooLong.status).toBe(400);
    const longest = await api.call('GET', '/money/balances/history?from=2016-02-23&to=2026-03-01');
    expect(longest.status).toBe(200);
    expect(longest.body.points).toHaveLength(3660);
    for (const url of ['/money/reports/monthly', '/money/reports/categories']) {
      expect((await api.call('GET', `${url}?from=2026-03-02&to=2026-03-01`)).status).toBe(400);
    }
  });
});

describe('reports', () => {
  it('sums income and expense per month, empty months as zeros, transfers left out', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const cash = await api.account('Cash');
    await income(api, { accountId: bank.id, amount: '1000', date: '2026-01-05' });
    await expense(api, { accountId: bank.id, amount: '200.5', date: '2026-01-31' });
    await expense(api, { accountId: cash.id, amount: '50', date: '2026-03-01' });
    await expense(api, { accountId: cash.id, amount: '9', currencyId: eur, date: '2026-03-02' });
    await expense(api, { accountId: bank.id, amount: '1', date: '2026-05-01' });
    await api.transaction({
      type: 'transfer',
      accountId: bank.id,
      accountToId: cash.id,
      amount: '300',
      currencyId: usd,
      date: '2026-02-10',
    });
    const response = await api.call('GET', '/money/reports/monthly?from=2026-01-15&to=2026-04-30');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      currencyId: usd,
      months: [
        { month: '2026-01', income: '0', expense: '200.5', net: '-200.5' },
        { month: '2026-02', income: '0', expense: '0', net: '0' },
        { month: '2026-03', income: '0', expense: '60', net: '-60' },
        { month: '2026-04', income: '0', expense: '0', net: '0' },
      ],
    });
    const cashOnly = await api.call(
      'GET',
      `/money/reports/monthly?from=2026-01-01&to=2026-03-31&accountId=${cash.id}`,
    );
    expect(cashOnly.body.months.map((row: { expense: string }) => row.expense)).toEqual(['0', '0', '60']);
    const wholeJanuary = await api.call('GET', '/money/reports/monthly?from=2026-01-01&to=2026-01-31');
    expect(wholeJanuary.body.months).toEqual([
      { month: '2026-01', income: '1000', expense: '200.5', net: '799.5' },
    ]);
  });

  it('rolls sub-categories up into their category, largest first, transfers left out', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const cash = await api.account('Cash');
    const food = await api.category('Food');
    const groceries = await api.category('Groceries', { parentId: food.id });
    const restaurants = await api.category('Restaurants', { parentId: food.id });
    const rent = await api.category('Rent');
    await expense(api, { accountId: bank.id, categoryId: food.id, amount: '10' });
    await expense(api, {
      accountId: bank.id,
      categoryId: food.id,
      subCategoryId: groceries.id,
      amount: '20',
    });
    await expense(api, {
      accountId: bank.id,
      categoryId: food.id,
      subCategoryId: groceries.id,
      amount: '0.1',
    });
    await expense(api, {
      accountId: cash.id,
      categoryId: food.id,
      subCategoryId: restaurants.id,
      amount: '4.5',
      currencyId: eur,
      date: '2026-02-01',
    });
    await expense(api, { accountId: bank.id, categoryId: rent.id, amount: '100' });
    await expense(api, { accountId: bank.id, amount: '3' });
    await income(api, { accountId: bank.id, amount: '1000' });
    await api.transaction({
      type: 'transfer',
      accountId: bank.id,
      accountToId: cash.id,
      amount: '500',
      currencyId: usd,
      date: '2026-03-01',
    });

    const response = await api.call('GET', '/money/reports/categories?from=2026-01-01&to=2026-03-31');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      currencyId: usd,
      type: 'expense',
      total: '138.1',
      items: [
        { categoryId: rent.id, total: '100', count: 1, subCategories: [] },
        {
          categoryId: food.id,
          total: '35.1',
          count: 4,
          subCategories: [
            { categoryId: groceries.id, total: '20.1', count: 2 },
            { categoryId: restaurants.id, total: '5', count: 1 },
          ],
        },
        { categoryId: null, total: '3', count: 1, subCategories: [] },
      ],
    });
    const incomeReport = await api.call(
      'GET',
      '/money/reports/categories?from=2026-01-01&to=2026-03-31&type=income',
    );
    expect(incomeReport.body).toEqual({
      currencyId: usd,
      type: 'income',
      total: '1000',
      items: [{ categoryId: null, total: '1000', count: 1, subCategories: [] }],
    });
    const cashOnly = await api.call(
      'GET',
      `/money/reports/categories?from=2026-01-01&to=2026-03-31&accountId=${cash.id}`,
    );
    expect(cashOnly.body.total).toBe('5');
  });
});

describe('another user', () => {
  it('gets 404 for an account that is not theirs, and never sees the owner’s money', async () => {
    const owner = await createMoneyUser(t);
    const other = await createMoneyUser(t);
    const bank = await owner.account('Bank');
    await income(owner, { accountId: bank.id, amount: '100' });
    for (const url of ['/money/balances/history', '/money/reports/monthly', '/money/reports/categories']) {
      const response = await other.call('GET', `${url}?from=2026-03-01&to=2026-03-31&accountId=${bank.id}`);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    const theirs = await balances(other);
    expect(theirs.accounts).toEqual([]);
    expect(theirs.total).toEqual({ byCurrency: [], converted: '0' });
    const history = await other.call('GET', '/money/balances/history?from=2026-03-31&to=2026-03-31');
    expect(history.body.points).toEqual([{ date: '2026-03-31', balance: '0' }]);
  });
});
