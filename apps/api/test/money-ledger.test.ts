import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyUser, type MoneyUser } from './support/money-api';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let usd: string;
let eur: string;
beforeAll(async () => {
  t = await createTestApp();
  const probe = await createMoneyUser(t);
  usd = await probe.currency('USD');
  eur = await probe.currency('EUR');
});
afterAll(() => t.close());

const expense = (api: MoneyUser, fields: Record<string, unknown>) =>
  api.transaction({ type: 'expense', amount: '10', currencyId: usd, date: '2026-03-01', ...fields });

describe('accounts and categories', () => {
  it('builds two-level trees and counts the transactions booked directly on each', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank', { currencyId: eur });
    const savings = await api.account('Savings', { parentId: bank.id });
    await expense(api, { accountId: bank.id });
    await expense(api, { accountId: bank.id, subAccountId: savings.id });
    await expense(api, { accountId: bank.id, subAccountId: savings.id });
    const accounts = await api.accounts();
    expect(accounts.map((row) => [row.name, row.parentId, row.transactionCount])).toEqual([
      ['Bank', null, 1],
      ['Savings', bank.id, 2],
    ]);
    expect(accounts[0]).toMatchObject({ currencyId: eur });

    const food = await api.category('Food');
    const groceries = await api.category('Groceries', { parentId: food.id });
    await expense(api, { accountId: bank.id, categoryId: food.id, subCategoryId: groceries.id });
    expect((await api.categories()).map((row) => [row.name, row.transactionCount])).toEqual([
      ['Food', 0],
      ['Groceries', 1],
    ]);
  });

  it('refuses a parent that is a sub-account, the account itself, or another user’s', async () => {
    const api = await createMoneyUser(t);
    const other = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const savings = await api.account('Savings', { parentId: bank.id });
    const cash = await api.account('Cash');

    const underSub = await api.call('POST', '/money/accounts', { name: 'Deep', parentId: savings.id });
    expect(underSub.status).toBe(400);
    expect(underSub.body.code).toBe('INVALID_PARENT');
    const itself = await api.call('PATCH', `/money/accounts/${cash.id}`, { parentId: cash.id });
    expect(itself.body.code).toBe('INVALID_PARENT');
    const withChildren = await api.call('PATCH', `/money/accounts/${bank.id}`, { parentId: cash.id });
    expect(withChildren.status).toBe(400);
    expect(withChildren.body).toMatchObject({
      code: 'INVALID_PARENT',
      error: 'An account with sub-accounts cannot become a sub-account',
    });
    const foreignParent = await other.call('POST', '/money/accounts', { name: 'Mine', parentId: bank.id });
    expect(foreignParent.status).toBe(404);
    const badCurrency = await api.call('POST', '/money/accounts', {
      name: 'Odd',
      currencyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(badCurrency.status).toBe(404);

    const category = await api.category('Food');
    const sub = await api.category('Groceries', { parentId: category.id });
    const underSubCategory = await api.call('POST', '/money/categories', { name: 'Deep', parentId: sub.id });
    expect(underSubCategory.body.code).toBe('INVALID_PARENT');
  });

  it('takes an account’s transactions along when it moves in the tree', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const cash = await api.account('Cash');
    const entry = await expense(api, { accountId: cash.id });

    const moved = await api.call('PATCH', `/money/accounts/${cash.id}`, {
      parentId: bank.id,
      name: 'Wallet',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: 'Wallet', parentId: bank.id, transactionCount: 1 });
    const afterMove = (await api.call('GET', `/money/transactions/${entry.id}`)).body;
    expect([afterMove.accountId, afterMove.subAccountId]).toEqual([bank.id, cash.id]);

    await api.call('PATCH', `/money/accounts/${cash.id}`, { parentId: null });
    const back = (await api.call('GET', `/money/transactions/${entry.id}`)).body;
    expect([back.accountId, back.subAccountId]).toEqual([cash.id, null]);
  });

  it('refuses to delete an account with transactions, then deletes it once they are moved', async () => {
    const api = await createMoneyUser(t);
    const old = await api.account('Old bank');
    const oldSub = await api.account('Old savings', { parentId: old.id });
    const empty = await api.account('Empty', { parentId: old.id });
    const next = await api.account('New bank');
    const nextSub = await api.account('New savings', { parentId: next.id });
    for (let index = 0; index < 11; index += 1) await expense(api, { accountId: old.id });
    await expense(api, { accountId: old.id, subAccountId: oldSub.id });

    const refused = await api.call('DELETE', `/money/accounts/${old.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'CONFLICT',
      error: 'This account has 12 transactions. Move them to another account first, then delete it.',
    });
    const subRefused = await api.call('DELETE', `/money/accounts/${oldSub.id}`);
    expect(subRefused.body.error).toBe(
      'This account has 1 transaction. Move it to another account first, then delete it.',
    );

    const into = await api.call('POST', `/money/accounts/${old.id}/move-transactions`, {
      toAccountId: old.id,
    });
    expect(into.status).toBe(400);
    const move = await api.call('POST', `/money/accounts/${old.id}/move-transactions`, {
      toAccountId: next.id,
      toSubAccountId: nextSub.id,
    });
    expect(move.body).toEqual({ moved: 12 });
    expect(await api.list(`?accountId=${nextSub.id}`)).toHaveLength(12);

    expect((await api.call('DELETE', `/money/accounts/${old.id}`)).status).toBe(204);
    const names = (await api.accounts()).map((row) => row.name);
    expect(names).toEqual(['New bank', 'New savings']);
    expect((await api.call('PATCH', `/money/accounts/${empty.id}`, { name: 'x' })).status).toBe(404);
  });

  it('refuses to delete an account or category a recurring transaction uses', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const rent = await api.category('Rent');
    await t.database.db.execute(
      sql`insert into money_recurring (user_id, id, type, account_id, amount, currency_id, category_id, quickurrence)
          values (${api.userId}, gen_random_uuid(), 'expense', ${bank.id}, 900, ${usd}, ${rent.id}, '{"rule":"monthly"}')`,
    );
    const account = await api.call('DELETE', `/money/accounts/${bank.id}`);
    expect(account.status).toBe(409);
    expect(account.body.error).toBe(
      'This account is used by 1 recurring transaction. Change or delete it first, then delete the account.',
    );
    const category = await api.call('DELETE', `/money/categories/${rent.id}`);
    expect(category.status).toBe(409);
    expect(category.body.error).toContain('recurring transaction');
  });

  it('moves a category’s transactions to another one or to none, then deletes it', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const food = await api.category('Food');
    const snacks = await api.category('Snacks', { parentId: food.id });
    const other = await api.category('Other');
    await expense(api, { accountId: bank.id, categoryId: food.id });
    await expense(api, { accountId: bank.id, categoryId: food.id, subCategoryId: snacks.id });

    const refused = await api.call('DELETE', `/money/categories/${food.id}`);
    expect(refused.body.error).toBe(
      'This category has 2 transactions. Move them to another category first, then delete it.',
    );
    const moved = await api.call('POST', `/money/categories/${snacks.id}/move-transactions`, {
      toCategoryId: other.id,
    });
    expect(moved.body).toEqual({ moved: 1 });
    const cleared = await api.call('POST', `/money/categories/${food.id}/move-transactions`, {
      toCategoryId: null,
    });
    expect(cleared.body).toEqual({ moved: 1 });
    expect(await api.list('?categoryId=none')).toHaveLength(1);
    expect(await api.list(`?categoryId=${other.id}`)).toHaveLength(1);
    expect((await api.call('DELETE', `/money/categories/${food.id}`)).status).toBe(204);
    expect((await api.categories()).map((row) => row.name)).toEqual(['Other']);
  });
});

describe('income and expense', () => {
  it('checks what a transaction points at', async () => {
    const api = await createMoneyUser(t);
    const other = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const cash = await api.account('Cash');
    const cashPocket = await api.account('Pocket', { parentId: cash.id });
    const food = await api.category('Food');
    const travel = await api.category('Travel');
    const trains = await api.category('Trains', { parentId: travel.id });
    const theirs = await other.account('Theirs');

    const wrongSub = await api.call('POST', '/money/transactions', {
      type: 'expense',
      accountId: bank.id,
      subAccountId: cashPocket.id,
      amount: '1',
      currencyId: usd,
      date: '2026-03-01',
    });
    expect(wrongSub.status).toBe(400);
    expect(wrongSub.body.code).toBe('INVALID_PARENT');
    const wrongSubCategory = await api.call('POST', '/money/transactions', {
      type: 'expense',
      accountId: bank.id,
      amount: '1',
      currencyId: usd,
      date: '2026-03-01',
      categoryId: food.id,
      subCategoryId: trains.id,
    });
    expect(wrongSubCategory.body.code).toBe('INVALID_PARENT');
    for (const payload of [
      { accountId: theirs.id },
      { accountId: bank.id, currencyId: '00000000-0000-4000-8000-000000000000' },
      { accountId: bank.id, categoryId: (await other.category('Theirs')).id },
    ]) {
      const response = await api.call('POST', '/money/transactions', {
        type: 'income',
        amount: '1',
        currencyId: usd,
        date: '2026-03-01',
        ...payload,
      });
      expect(response.status, JSON.stringify(payload)).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    // A sub-account named as the account is booked on its parent and itself.
    const normalized = await expense(api, { accountId: cashPocket.id, categoryId: trains.id });
    expect(normalized).toMatchObject({
      accountId: cash.id,
      subAccountId: cashPocket.id,
      categoryId: travel.id,
      subCategoryId: trains.id,
    });
    expect(await api.list()).toHaveLength(1);
  });

  it('keeps amounts exact to the last of six decimals, up to 99,999,999,999,999.999999', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const amounts = ['0.1', '0.2', '1.005', '99999999999999.999999', '0.000001', '12.5'];
    for (const amount of amounts)
      await api.transaction({
        type: 'income',
        accountId: bank.id,
        amount,
        currencyId: usd,
        date: '2026-03-01',
      });
    const listed = (await api.list('?sort=createdAt&order=asc')).map((row) => row.amount);
    expect(listed).toEqual(amounts);
    const written = await api.call('POST', '/money/transactions', {
      type: 'income',
      accountId: bank.id,
      amount: '12.500000',
      currencyId: usd,
      date: '2026-03-01',
    });
    expect(written.body.amount).toBe('12.5');
    for (const amount of ['0', '-5', '0.0000001', '100000000000000']) {
      const refused = await api.call('POST', '/money/transactions', {
        type: 'income',
        accountId: bank.id,
        amount,
        currencyId: usd,
        date: '2026-03-01',
      });
      expect(refused.status, amount).toBe(400);
    }
  });

  it('edits an income into an expense elsewhere, and refuses to make it a transfer', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const bankSub = await api.account('Joint', { parentId: bank.id });
    const cash = await api.account('Cash');
    const food = await api.category('Food');
    const entry = await api.transaction({
      type: 'income',
      accountId: bank.id,
      subAccountId: bankSub.id,
      amount: '5',
      currencyId: usd,
      date: '2026-03-01',
      categoryId: food.id,
    });
    const edited = await api.call('PATCH', `/money/transactions/${entry.id}`, {
      type: 'expense',
      accountId: cash.id,
      amount: '7.25',
      currencyId: eur,
      note: 'Lunch',
      categoryId: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      type: 'expense',
      accountId: cash.id,
      subAccountId: null,
      amount: '7.25',
      currencyId: eur,
      note: 'Lunch',
      categoryId: null,
      date: '2026-03-01',
    });
    const toTransfer = await api.call('PATCH', `/money/transactions/${entry.id}`, { type: 'transfer' });
    expect(toTransfer.status).toBe(400);
    const withDestination = await api.call('PATCH', `/money/transactions/${entry.id}`, {
      accountToId: bank.id,
    });
    expect(withDestination.status).toBe(400);
    expect((await api.call('DELETE', `/money/transactions/${entry.id}`)).status).toBe(204);
    expect((await api.call('GET', `/money/transactions/${entry.id}`)).status).toBe(404);
  });
});

describe('the register', () => {
  it('filters, sorts and pages without losing or repeating a row', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const cash = await api.account('Cash');
    const pocket = await api.account('Pocket', { parentId: cash.id });
    const food = await api.category('Food');
    const amounts = ['3', '30', '0.5', '12', '7.75', '100', '45.1'];
    for (const [index, amount] of amounts.entries()) {
      await api.transaction({
        type: index % 2 === 0 ? 'expense' : 'income',
        accountId: index < 4 ? bank.id : pocket.id,
        amount,
        currencyId: usd,
        date: `2026-03-0${index + 1}`,
        note: index === 2 ? 'Paid 100% in cash_now' : `Entry ${index}`,
        categoryId: index === 3 ? food.id : null,
      });
    }
    await api.transaction({
      type: 'transfer',
      accountId: bank.id,
      accountToId: cash.id,
      amount: '1',
      currencyId: usd,
      date: '2026-03-09',
    });

    const everything = await api.list();
    expect(everything.map((row) => row.date)).toEqual([
      '2026-03-09',
      '2026-03-07',
      '2026-03-06',
      '2026-03-05',
      '2026-03-04',
      '2026-03-03',
      '2026-03-02',
      '2026-03-01',
    ]);
    const byAmount = await api.list('?sort=amount&order=asc&type=expense');
    expect(byAmount.map((row) => row.amount)).toEqual(['0.5', '3', '7.75', '45.1']);
    expect((await api.list(`?accountId=${cash.id}`)).map((row) => row.amount)).toEqual([
      '1',
      '45.1',
      '100',
      '7.75',
    ]);
    expect(await api.list(`?accountId=${pocket.id}`)).toHaveLength(3);
    expect((await api.list('?type=transfer')).map((row) => row.type)).toEqual(['expense']);
    expect((await api.list(`?categoryId=${food.id}`)).map((row) => row.amount)).toEqual(['12']);
    expect((await api.list('?q=100%25%20in')).map((row) => row.amount)).toEqual(['0.5']);
    expect(await api.list('?q=100_')).toEqual([]);
    expect((await api.list('?from=2026-03-02&to=2026-03-03')).map((row) => row.amount)).toEqual([
      '0.5',
      '30',
    ]);

    for (const sort of ['date', 'amount', 'createdAt']) {
      for (const order of ['asc', 'desc']) {
        const all = await api.list(`?sort=${sort}&order=${order}`);
        const walked: string[] = [];
        let cursor: string | null = null;
        do {
          const query: string = `?sort=${sort}&order=${order}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
          const page = await api.call('GET', `/money/transactions${query}`);
          expect(page.status).toBe(200);
          walked.push(...page.body.items.map((row: { id: string }) => row.id));
          cursor = page.body.nextCursor;
        } while (cursor);
        expect(walked, `${sort} ${order}`).toEqual(all.map((row) => row.id));
      }
    }
    const forged = await api.call(
      'GET',
      `/money/transactions?sort=date&cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
    );
    expect(forged.status).toBe(400);
  });

  it('answers 404 for another user’s account or category as a filter', async () => {
    const api = await createMoneyUser(t);
    const other = await createMoneyUser(t);
    const theirs = await other.account('Theirs');
    const theirCategory = await other.category('Theirs');
    expect((await api.call('GET', `/money/transactions?accountId=${theirs.id}`)).status).toBe(404);
    expect((await api.call('GET', `/money/transactions?categoryId=${theirCategory.id}`)).status).toBe(404);
  });
});
