import { MONEY_IMPORT_MAX_ROWS } from '@cairn/contracts/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
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

const countRows = async (userId: string, table: 'money_transactions' | 'money_categories') =>
  (
    await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from ${sql.identifier(table)} where user_id = ${userId}`,
    )
  )[0]?.count;

/** A bank export of 50 rows: day n of 2024, alternating card payments and refunds. */
function bankExport(): string {
  const lines = ['Date,Amount,Description'];
  for (let index = 1; index <= 50; index += 1) {
    const day = String(((index - 1) % 28) + 1).padStart(2, '0');
    const month = index <= 28 ? '01' : '02';
    const amount = index % 5 === 0 ? `${index}.00` : `-${index}.${String(index).padStart(2, '0')}`;
    lines.push(`2024-${month}-${day},${amount},"Shop ${index}, Main St"`);
  }
  return `${lines.join('\n')}\n`;
}

const mapping = { date: 0, amount: 1, note: 2 };

describe('CSV import', () => {
  it('imports 48 of 50 rows when 2 are already booked, and nothing when the same file comes again', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    // Rows 7 (an expense) and 10 (an income), booked by hand with other spacing, case and scale.
    await api.transaction({
      type: 'expense',
      accountId: bank.id,
      amount: '7.070',
      currencyId: usd,
      date: '2024-01-07',
      note: ' shop 7, MAIN st ',
    });
    await api.transaction({
      type: 'income',
      accountId: bank.id,
      amount: '10',
      currencyId: usd,
      date: '2024-01-10',
      note: 'Shop 10, Main St',
    });
    // Not duplicates: another currency, another account.
    await api.transaction({
      type: 'income',
      accountId: bank.id,
      amount: '5',
      currencyId: eur,
      date: '2024-01-05',
      note: 'Shop 5, Main St',
    });
    const other = await api.account('Other');
    await api.transaction({
      type: 'income',
      accountId: other.id,
      amount: '15',
      currencyId: usd,
      date: '2024-01-15',
      note: 'Shop 15, Main St',
    });

    const body = { csv: bankExport(), accountId: bank.id, currencyId: usd, mapping };
    const preview = await api.call('POST', '/money/imports/preview', body);
    expect(preview.status).toBe(200);
    expect(preview.body.summary).toEqual({ new: 48, duplicates: 2, invalid: 0 });
    expect(preview.body.totalRows).toBe(50);
    expect(preview.body.rows[6]).toMatchObject({
      line: 8,
      status: 'duplicate',
      transaction: { date: '2024-01-07', type: 'expense', amount: '7.07', note: 'Shop 7, Main St' },
    });
    expect(await countRows(api.userId, 'money_transactions')).toBe(4);

    const imported = await api.call('POST', '/money/imports', body);
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      created: 48,
      duplicatesSkipped: 2,
      invalidSkipped: 0,
      categoriesCreated: 0,
    });
    expect(await api.list(`?accountId=${bank.id}&currencyId=${usd}&limit=500`)).toHaveLength(50);

    const again = await api.call('POST', '/money/imports', body);
    expect(again.body).toEqual({
      created: 0,
      duplicatesSkipped: 50,
      invalidSkipped: 0,
      categoriesCreated: 0,
    });
    expect(await countRows(api.userId, 'money_transactions')).toBe(52);
  });

  it('counts a row twice in the file as new once more than the account already has it', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const joint = await api.account('Joint', { parentId: bank.id });
    await api.transaction({
      type: 'expense',
      accountId: bank.id,
      subAccountId: joint.id,
      amount: '3.5',
      currencyId: usd,
      date: '2024-03-01',
      note: 'Coffee',
    });
    const csv = 'Date,Amount,Note\n2024-03-01,-3.50,Coffee\n2024-03-01,-3.50,Coffee\n';
    const onAccount = await api.call('POST', '/money/imports/preview', {
      csv,
      accountId: bank.id,
      currencyId: usd,
      mapping,
    });
    expect(onAccount.body.summary).toEqual({ new: 1, duplicates: 1, invalid: 0 });
    const cash = await api.account('Cash', { parentId: bank.id });
    const onOtherSub = await api.call('POST', '/money/imports/preview', {
      csv,
      accountId: bank.id,
      subAccountId: cash.id,
      currencyId: usd,
      mapping,
    });
    expect(onOtherSub.body.summary).toEqual({ new: 2, duplicates: 0, invalid: 0 });
  });

  it('reads a European export: semicolons, BOM, dd.MM.yyyy, comma decimals, quoted lines', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Girokonto');
    const csv = [
      '\ufeffBuchungstag;Betrag;Verwendungszweck',
      '31.01.2024;-1.234,56 €;"Miete; Januar\r\nWohnung ""Nord"""',
      '01.02.2024;2.500,00;Gehalt',
      '30.02.2024;-5,00;Unmöglich',
      '02.02.2024;0,00;Null',
      '',
      '03.02.2024;(12,50);Gebühr',
    ].join('\r\n');
    const body = {
      csv,
      accountId: bank.id,
      currencyId: eur,
      mapping: { date: 0, amount: 1, note: 2 },
      dateFormat: 'dd.MM.yyyy',
      decimalSeparator: ',',
    };
    const columnsOnly = await api.call('POST', '/money/imports/preview', { ...body, mapping: undefined });
    expect(columnsOnly.body).toMatchObject({
      columns: ['Buchungstag', 'Betrag', 'Verwendungszweck'],
      delimiter: ';',
      totalRows: 5,
      summary: null,
    });
    expect(columnsOnly.body.rows[0]).toEqual({
      line: 2,
      cells: ['31.01.2024', '-1.234,56 €', 'Miete; Januar\nWohnung "Nord"'],
      status: null,
      error: null,
      transaction: null,
    });
    const preview = await api.call('POST', '/money/imports/preview', body);
    expect(preview.body.rows.map((row: { line: number; status: string }) => [row.line, row.status])).toEqual([
      [2, 'new'],
      [4, 'new'],
      [5, 'invalid'],
      [6, 'invalid'],
      [8, 'new'],
    ]);
    expect(preview.body.rows[2].error).toBe('"30.02.2024" is not a date in the format dd.MM.yyyy');
    const imported = await api.call('POST', '/money/imports', body);
    expect(imported.body).toEqual({
      created: 3,
      duplicatesSkipped: 0,
      invalidSkipped: 2,
      categoriesCreated: 0,
    });
    const rows = await api.list('?sort=date&order=asc');
    expect(rows.map((row) => [row.date, row.type, row.amount, row.currencyId, row.note])).toEqual([
      ['2024-01-31', 'expense', '1234.56', eur, 'Miete; Januar\nWohnung "Nord"'],
      ['2024-02-01', 'income', '2500', eur, 'Gehalt'],
      ['2024-02-03', 'expense', '12.5', eur, 'Gebühr'],
    ]);
  });

  it('reads debit and credit columns and files rows under categories by name, creating missing ones', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const food = await api.category('Food');
    const csv = [
      'Date\tDebit\tCredit\tPayee\tCategory',
      '01/15/2024\t12.00\t\tGrocer\tfood: groceries',
      '01/16/2024\t\t1,000.00\tEmployer\tSalary',
      '01/17/2024\t4.5\t0\tBakery\tFOOD',
      '01/18/2024\t9.99\t\tStreaming\t',
    ].join('\n');
    const body = {
      csv,
      accountId: bank.id,
      currencyId: usd,
      mapping: { date: 0, debit: 1, credit: 2, note: 3, category: 4 },
      dateFormat: 'MM/dd/yyyy',
    };
    const preview = await api.call('POST', '/money/imports/preview', body);
    expect(preview.body.delimiter).toBe('\t');
    expect(
      preview.body.rows.map((row: { transaction: { category: string | null } }) => row.transaction.category),
    ).toEqual(['food: groceries', 'Salary', 'FOOD', null]);
    expect(await countRows(api.userId, 'money_categories')).toBe(1);
    const imported = await api.call('POST', '/money/imports', body);
    expect(imported.body).toEqual({
      created: 4,
      duplicatesSkipped: 0,
      invalidSkipped: 0,
      categoriesCreated: 2,
    });
    const categories = await api.categories();
    const groceries = categories.find((row) => row.name === 'groceries');
    const salary = categories.find((row) => row.name === 'Salary');
    expect(groceries?.parentId).toBe(food.id);
    const rows = await api.list('?sort=date&order=asc');
    expect(rows.map((row) => [row.type, row.amount, row.categoryId, row.subCategoryId])).toEqual([
      ['expense', '12', food.id, groceries?.id],
      ['income', '1000', salary?.id, null],
      ['expense', '4.5', food.id, null],
      ['expense', '9.99', null, null],
    ]);
  });

  it('refuses an import without a mapping, over the row limit, or on another user’s account', async () => {
    const api = await createMoneyUser(t);
    const other = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const unmapped = await api.call('POST', '/money/imports', {
      csv: 'a,b\n1,2',
      accountId: bank.id,
      currencyId: usd,
    });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Map the columns first' });

    const rows = Array.from(
      { length: MONEY_IMPORT_MAX_ROWS + 1 },
      (_, index) => `2024-01-01,-1,Row ${index}`,
    );
    const tooLong = await api.call('POST', '/money/imports/preview', {
      csv: `Date,Amount,Note\n${rows.join('\n')}`,
      accountId: bank.id,
      currencyId: usd,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toContain(`at most ${MONEY_IMPORT_MAX_ROWS}`);
    const broken = await api.call('POST', '/money/imports/preview', {
      csv: 'a,"b\n1',
      accountId: bank.id,
      currencyId: usd,
    });
    expect(broken.status).toBe(400);

    const foreign = await other.call('POST', '/money/imports', {
      csv: 'a\n1',
      accountId: bank.id,
      currencyId: usd,
      mapping,
    });
    expect(foreign.status).toBe(404);
    expect(await countRows(api.userId, 'money_transactions')).toBe(0);
  });

  it('shows at most 200 rows in a preview but counts them all', async () => {
    const api = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const lines = Array.from({ length: 250 }, (_, index) => `2024-01-01;-${index + 1};Row`);
    const preview = await api.call('POST', '/money/imports/preview', {
      csv: lines.join('\n'),
      hasHeader: false,
      accountId: bank.id,
      currencyId: usd,
      mapping,
    });
    expect(preview.body.columns).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(preview.body.rows).toHaveLength(200);
    expect(preview.body.totalRows).toBe(250);
    expect(preview.body.summary).toEqual({ new: 250, duplicates: 0, invalid: 0 });
  });

  it('writes all rows or none: a failure midway leaves no transaction and no category', async () => {
    const api: MoneyUser = await createMoneyUser(t);
    const bank = await api.account('Bank');
    const marker = `fail-${Math.random().toString(36).slice(2)}`;
    await t.database.db.execute(
      sql.raw(`create function refuse_marked_import() returns trigger language plpgsql as $$
        begin
          if new.note = '${marker}' then raise exception 'refusing a row'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_marked_import before insert on money_transactions
        for each row execute function refuse_marked_import()`),
    );
    try {
      const csv = `Date,Amount,Note,Category\n2024-01-01,-1,First,New category\n2024-01-02,-2,${marker},\n2024-01-03,-3,Third,\n`;
      const response = await api.call('POST', '/money/imports', {
        csv,
        accountId: bank.id,
        currencyId: usd,
        mapping: { ...mapping, category: 3 },
      });
      expect(response.status).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_marked_import on money_transactions'));
      await t.database.db.execute(sql.raw('drop function refuse_marked_import()'));
    }
    expect(await countRows(api.userId, 'money_transactions')).toBe(0);
    expect(await countRows(api.userId, 'money_categories')).toBe(0);
  });
});
