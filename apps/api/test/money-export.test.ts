import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMoneyUser } from './support/money-api';
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

const HEADER = [
  'Date',
  'Type',
  'Account',
  'Sub-account',
  'Amount',
  'Currency',
  'Category',
  'Sub-category',
  'Note',
  'Transfer account',
];

describe('CSV export', () => {
  it('writes the register as RFC 4180 CSV with names, signed amounts and formula-safe cells', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank "Main", Ltd');
    const joint = await api.account('Joint', { parentId: bank.id });
    const travel = await api.account('Travel');
    const food = await api.category('Food, drink');
    const cafes = await api.category('Cafés', { parentId: food.id });
    await api.transaction({
      type: 'expense',
      accountId: bank.id,
      subAccountId: joint.id,
      amount: '3.5',
      currencyId: usd,
      date: '2024-01-05',
      categoryId: food.id,
      subCategoryId: cafes.id,
      note: 'Flat white\nand a "croissant"',
    });
    await api.transaction({
      type: 'income',
      accountId: bank.id,
      amount: '2500',
      currencyId: usd,
      date: '2024-01-31',
      note: '=cmd()',
    });
    await api.transaction({
      type: 'income',
      accountId: bank.id,
      amount: '0.000001',
      currencyId: usd,
      date: '2024-02-01',
      note: '-2+3',
    });
    await api.transaction({
      type: 'transfer',
      accountId: bank.id,
      subAccountId: joint.id,
      accountToId: travel.id,
      amount: '100',
      currencyId: usd,
      currencyToId: eur,
      amountTo: '92.1',
      date: '2024-02-10',
      note: '@holiday',
    });

    const response = await api.call('GET', '/money/transactions/export');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="transactions-2024-01-05-2024-02-10.csv"',
    );
    expect(response.text.startsWith(`\ufeff${HEADER.join(',')}\r\n`)).toBe(true);
    expect(parse(response.text, { bom: true })).toEqual([
      HEADER,
      ['2024-02-10', 'transfer', 'Bank "Main", Ltd', 'Joint', '-100', 'USD', '', '', "'@holiday", 'Travel'],
      ['2024-02-01', 'income', 'Bank "Main", Ltd', '', '0.000001', 'USD', '', '', "'-2+3", ''],
      ['2024-01-31', 'income', 'Bank "Main", Ltd', '', '2500', 'USD', '', '', "'=cmd()", ''],
      [
        '2024-01-05',
        'expense',
        'Bank "Main", Ltd',
        'Joint',
        '-3.5',
        'USD',
        'Food, drink',
        'Cafés',
        'Flat white\nand a "croissant"',
        '',
      ],
    ]);

    // The destination's side, seen from its own account, with the filters of the register.
    const travelOnly = await api.call(
      'GET',
      `/money/transactions/export?accountId=${travel.id}&from=2024-01-01&to=2024-12-31`,
    );
    expect(travelOnly.headers['content-disposition']).toBe(
      'attachment; filename="transactions-2024-01-01-2024-12-31.csv"',
    );
    expect(parse(travelOnly.text, { bom: true }).slice(1)).toEqual([
      ['2024-02-10', 'transfer', 'Travel', '', '92.1', 'EUR', '', '', "'@holiday", 'Bank "Main", Ltd: Joint'],
    ]);
  });

  it('streams every row of a long register in order, and names an empty one plainly', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const lines = Array.from({ length: 1203 }, (_, index) => {
      const day = String((index % 28) + 1).padStart(2, '0');
      return `2023-${String((Math.floor(index / 28) % 12) + 1).padStart(2, '0')}-${day},-${index + 1},Row ${index}`;
    });
    const imported = await api.call('POST', '/money/imports', {
      csv: lines.join('\n'),
      hasHeader: false,
      accountId: bank.id,
      currencyId: usd,
      mapping: { date: 0, amount: 1, note: 2 },
    });
    expect(imported.body.created).toBe(1203);
    const response = await api.call('GET', '/money/transactions/export?sort=amount&order=asc');
    const rows = parse(response.text, { bom: true }).slice(1) as string[][];
    expect(rows).toHaveLength(1203);
    expect(rows.map((row) => row[4])).toEqual(Array.from({ length: 1203 }, (_, index) => `-${index + 1}`));

    const empty = await api.call('GET', '/money/transactions/export?q=nothing-matches');
    expect(empty.status).toBe(200);
    expect(empty.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    expect(parse(empty.text, { bom: true })).toEqual([HEADER]);
  });

  it('answers 404 in the error shape for another user’s account, before any CSV', async () => {
    const api = await createMoneyUser(t);
    const other = await createMoneyUser(t);
    const theirs = await other.account('Theirs');
    const response = await api.call('GET', `/money/transactions/export?accountId=${theirs.id}`);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
