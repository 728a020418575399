import { TRANSFER_DESTINATION_MESSAGE } from '@cairn/contracts/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { inTransaction } from '../src/lib/app-context';
import { createTransaction } from '../src/modules/money/transactions.service';
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

type Row = {
  id: string;
  type: string;
  account_id: string;
  amount: string;
  note: string;
  transfer_id: string;
};

const rowsOf = (userId: string) =>
  queryRows<Row>(
    t.database.db,
    sql`select id, type, account_id, amount::text, note, transfer_id from money_transactions
        where user_id = ${userId} order by type`,
  );

async function setUp() {
  const api = await createMoneyUser(t);
  const bank = await api.account('Bank');
  const joint = await api.account('Joint', { parentId: bank.id });
  const cash = await api.account('Cash');
  const travel = await api.account('Travel money', { currencyId: eur });
  return { api, bank, joint, cash, travel };
}

const transfer = (api: MoneyUser, fields: Record<string, unknown>) =>
  api.transaction({ type: 'transfer', amount: '50', currencyId: usd, date: '2026-03-05', ...fields });

describe('transfers', () => {
  it('are two rows sharing a transfer id, each naming the other side', async () => {
    const { api, bank, joint, cash } = await setUp();
    const sent = await transfer(api, {
      accountId: bank.id,
      subAccountId: joint.id,
      accountToId: cash.id,
      note: 'ATM',
    });
    expect(sent).toMatchObject({ type: 'expense', accountId: bank.id, subAccountId: joint.id, amount: '50' });
    expect(sent.transferId).not.toBeNull();
    expect(sent.transfer).toMatchObject({
      accountId: cash.id,
      subAccountId: null,
      amount: '50',
      currencyId: usd,
    });
    const received = (await api.call('GET', `/money/transactions/${sent.transfer?.transactionId}`)).body;
    expect(received).toMatchObject({
      type: 'income',
      accountId: cash.id,
      transferId: sent.transferId,
      note: 'ATM',
      transfer: { transactionId: sent.id, accountId: bank.id, subAccountId: joint.id },
    });
    // Listed once without an account filter; on each account, its own side.
    expect((await api.list()).map((row) => row.id)).toEqual([sent.id]);
    expect((await api.list(`?accountId=${cash.id}`)).map((row) => row.id)).toEqual([received.id]);
    expect((await api.list(`?accountId=${joint.id}`)).map((row) => row.id)).toEqual([sent.id]);
  });

  it('refuse the source account as destination with exactly the spec’s message', async () => {
    const { api, bank, joint } = await setUp();
    for (const destination of [
      { accountToId: bank.id },
      { accountToId: bank.id, subAccountToId: joint.id },
      { accountToId: joint.id },
    ]) {
      const response = await api.call('POST', '/money/transactions', {
        type: 'transfer',
        accountId: bank.id,
        amount: '5',
        currencyId: usd,
        date: '2026-03-05',
        ...destination,
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(TRANSFER_DESTINATION_MESSAGE);
      expect(TRANSFER_DESTINATION_MESSAGE).toBe('Transfer requires a different destination account');
    }
    expect(await rowsOf(api.userId)).toEqual([]);
  });

  it('between currencies take the amount received, and need it', async () => {
    const { api, bank, travel } = await setUp();
    const missing = await api.call('POST', '/money/transactions', {
      type: 'transfer',
      accountId: bank.id,
      accountToId: travel.id,
      amount: '100',
      currencyId: usd,
      currencyToId: eur,
      date: '2026-03-05',
    });
    expect(missing.status).toBe(400);
    const sent = await transfer(api, {
      accountId: bank.id,
      accountToId: travel.id,
      amount: '100',
      currencyToId: eur,
      amountTo: '92.35',
    });
    expect(sent.transfer).toMatchObject({ amount: '92.35', currencyId: eur });
    expect((await rowsOf(api.userId)).map((row) => [row.type, row.amount])).toEqual([
      ['expense', '100.000000'],
      ['income', '92.350000'],
    ]);
  });

  it('are edited as a whole from either side', async () => {
    const { api, bank, joint, cash, travel } = await setUp();
    const sent = await transfer(api, { accountId: bank.id, accountToId: cash.id, note: 'Before' });
    const receivedId = sent.transfer?.transactionId as string;

    const edited = await api.call('PATCH', `/money/transactions/${receivedId}`, {
      amount: '75.5',
      date: '2026-03-07',
      note: 'After',
      subAccountId: joint.id,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: receivedId,
      type: 'income',
      accountId: cash.id,
      amount: '75.5',
      date: '2026-03-07',
      note: 'After',
      transfer: { transactionId: sent.id, accountId: bank.id, subAccountId: joint.id, amount: '75.5' },
    });
    const rows = await rowsOf(api.userId);
    expect(rows.map((row) => [row.type, row.amount, row.note])).toEqual([
      ['expense', '75.500000', 'After'],
      ['income', '75.500000', 'After'],
    ]);

    // A new destination in another currency needs the amount received; then both sides change.
    const noAmount = await api.call('PATCH', `/money/transactions/${sent.id}`, {
      accountToId: travel.id,
      currencyToId: eur,
    });
    expect(noAmount.status).toBe(400);
    const moved = await api.call('PATCH', `/money/transactions/${sent.id}`, {
      accountToId: travel.id,
      currencyToId: eur,
      amountTo: '70',
    });
    expect(moved.body.transfer).toMatchObject({ accountId: travel.id, amount: '70', currencyId: eur });
    const itself = await api.call('PATCH', `/money/transactions/${receivedId}`, { accountToId: bank.id });
    expect(itself.status).toBe(400);
    expect(itself.body.error).toBe(TRANSFER_DESTINATION_MESSAGE);
    const toIncome = await api.call('PATCH', `/money/transactions/${sent.id}`, { type: 'income' });
    expect(toIncome.status).toBe(400);
    expect((await rowsOf(api.userId)).map((row) => row.account_id)).toEqual([bank.id, travel.id]);
  });

  it('are deleted as a whole from either side', async () => {
    const { api, bank, cash } = await setUp();
    const first = await transfer(api, { accountId: bank.id, accountToId: cash.id });
    const second = await transfer(api, { accountId: cash.id, accountToId: bank.id });
    expect(await rowsOf(api.userId)).toHaveLength(4);
    expect((await api.call('DELETE', `/money/transactions/${first.transfer?.transactionId}`)).status).toBe(
      204,
    );
    expect((await api.call('DELETE', `/money/transactions/${second.id}`)).status).toBe(204);
    expect(await rowsOf(api.userId)).toEqual([]);
  });

  it('write both rows or neither: a failing second insert leaves nothing behind', async () => {
    const { api, bank, cash } = await setUp();
    const marker = `fail-${Math.random().toString(36).slice(2)}`;
    await t.database.db.execute(
      sql.raw(`create function refuse_marked_income() returns trigger language plpgsql as $$
        begin
          if new.type = 'income' and new.note = '${marker}' then
            raise exception 'refusing the second row';
          end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_marked_income before insert on money_transactions
        for each row execute function refuse_marked_income()`),
    );
    try {
      const response = await api.call('POST', '/money/transactions', {
        type: 'transfer',
        accountId: bank.id,
        accountToId: cash.id,
        amount: '10',
        currencyId: usd,
        date: '2026-03-05',
        note: marker,
      });
      expect(response.status).toBe(500);
      // The trigger refuses only the marked income: the expense before it was written, then rolled back.
      const unmarked = await transfer(api, { accountId: bank.id, accountToId: cash.id, note: 'fine' });
      expect(unmarked.transfer).not.toBeNull();
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_marked_income on money_transactions'));
      await t.database.db.execute(sql.raw('drop function refuse_marked_income()'));
    }
    expect((await rowsOf(api.userId)).map((row) => row.note)).toEqual(['fine', 'fine']);
  });
});

describe('createTransaction', () => {
  it('works inside a database transaction its caller holds, and goes when that rolls back', async () => {
    const { api, bank, cash } = await setUp();
    const input = {
      type: 'transfer' as const,
      accountId: bank.id,
      accountToId: cash.id,
      amount: '3',
      currencyId: usd,
      date: '2026-03-05',
    };
    await expect(
      inTransaction(t.app.ctx, async (tx) => {
        const inside = await createTransaction(tx, { userId: api.userId, input });
        expect(inside.transfer).not.toBeNull();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowsOf(api.userId)).toEqual([]);

    const posted = await inTransaction(t.app.ctx, (tx) =>
      createTransaction(tx, { userId: api.userId, input: { ...input, note: 'kept' } }),
    );
    expect(posted).toMatchObject({ type: 'expense', note: 'kept', recurringId: null });
    expect(await rowsOf(api.userId)).toHaveLength(2);
  });
});
