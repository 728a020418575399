import { TRANSFER_DESTINATION_MESSAGE } from '@cairn/contracts/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createJobRunner } from '../src/modules/jobs/job-runner';
import { postDueRecurring } from '../src/modules/money/recurring-posting';
import { recurringTransactionJobDefinitions } from '../src/modules/money/recurring-transactions.jobs';
import { createMoneyUser, type MoneyUser } from './support/money-api';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let usd: string;
let eur: string;
const START = new Date('2026-03-10T12:00:00Z');
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const probe = await createMoneyUser(t);
  usd = await probe.currency('USD');
  eur = await probe.currency('EUR');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

type Posted = {
  date: string;
  type: string;
  amount: string;
  recurring_id: string | null;
  transfer_id: string | null;
};

/** What the user's register holds, straight from the table (a transfer is two rows). */
const postedOf = (userId: string) =>
  queryRows<Posted>(
    t.database.db,
    sql`select date::text as date, type, amount::text as amount, recurring_id, transfer_id
          from money_transactions where user_id = ${userId} order by date, type`,
  );

/** A template's progress, read from the table: after the clock moves, the user's access token has expired. */
async function progressOf(recurringId: string) {
  const [row] = await queryRows<{
    nextDate: string | null;
    lastPostedDate: string | null;
    postedCount: number;
  }>(
    t.database.db,
    sql`select next_date::text as "nextDate", last_posted_date::text as "lastPostedDate",
               posted_count as "postedCount"
          from money_recurring where id = ${recurringId}`,
  );
  return row;
}

const runJob = () => postDueRecurring(t.app.ctx, { limit: 500 });

async function setUp() {
  const api = await createMoneyUser(t);
  const bank = await api.account('Bank');
  const cash = await api.account('Cash');
  return { api, bank, cash };
}

async function createRecurring(api: MoneyUser, body: Record<string, unknown>) {
  const response = await api.call('POST', '/money/recurring', body);
  if (response.status !== 201) throw new Error(`POST /money/recurring: ${response.status} ${response.text}`);
  return response.body as {
    id: string;
    nextDate: string | null;
    lastPostedDate: string | null;
    postedCount: number;
    description: string;
    quickurrence: Record<string, unknown>;
  };
}

const expenseTemplate = (accountId: string, quickurrence: Record<string, unknown>, extra = {}) => ({
  type: 'expense',
  accountId,
  amount: '12.5',
  currencyId: usd,
  note: 'Rent',
  quickurrence,
  ...extra,
});

const upcomingDates = async (api: MoneyUser, recurringId: string, to: string) => {
  const response = await api.call('GET', `/money/recurring/upcoming?to=${to}`);
  expect(response.status).toBe(200);
  return (response.body.items as { recurringId: string; date: string }[])
    .filter((item) => item.recurringId === recurringId)
    .map((item) => item.date);
};

describe('posting', () => {
  it('posts each occurrence already due once, as the template is saved, with its id', async () => {
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', startDate: '2026-03-01T00:00:00Z' }),
    );
    expect(created).toMatchObject({
      postedCount: 10,
      lastPostedDate: '2026-03-10',
      nextDate: '2026-03-11',
      amount: '12.5',
    });
    expect(created.description).not.toBe('');
    const posted = await postedOf(api.userId);
    expect(posted.map((row) => row.date)).toEqual(
      Array.from({ length: 10 }, (_, index) => `2026-03-${String(index + 1).padStart(2, '0')}`),
    );
    expect(posted.every((row) => row.recurring_id === created.id && row.amount === '12.500000')).toBe(true);
    const register = await api.list('?limit=500');
    expect(register.every((row) => row.recurringId === created.id && row.note === 'Rent')).toBe(true);

    // Nothing is due again the same day; the next day's comes with the job.
    await runJob();
    expect(await postedOf(api.userId)).toHaveLength(10);
    t.clock.advance(DAY_MS);
    await runJob();
    expect((await postedOf(api.userId)).map((row) => row.date).at(-1)).toBe('2026-03-11');
    expect(await postedOf(api.userId)).toHaveLength(11);
    expect(await progressOf(created.id)).toEqual({
      postedCount: 11,
      lastPostedDate: '2026-03-11',
      nextDate: '2026-03-12',
    });
  });

  it('posts a monthly rule on the 31st on the last day of shorter months, Feb 29 in a leap year', async () => {
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, {
        rule: 'monthly',
        monthDay: 31,
        monthDayMode: 'last',
        startDate: '2024-01-31T00:00:00Z',
      }),
    );
    const dates = (await postedOf(api.userId)).map((row) => row.date);
    expect(dates).toHaveLength(26);
    expect(dates.slice(0, 4)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']);
    expect(dates).toContain('2025-02-28');
    expect(dates.at(-1)).toBe('2026-02-28');
    expect(created.nextDate).toBe('2026-03-31');
  });

  it('ends the series after count occurrences', async () => {
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', count: 3, startDate: '2026-03-01T00:00:00Z' }),
    );
    expect(created).toMatchObject({ postedCount: 3, lastPostedDate: '2026-03-03', nextDate: null });
    expect(await upcomingDates(api, created.id, '2026-04-30')).toEqual([]);
    t.clock.advance(5 * DAY_MS);
    await runJob();
    expect((await postedOf(api.userId)).map((row) => row.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
  });

  it('posts both rows of a transfer, and checks a transfer template as a transfer', async () => {
    const { api, bank, cash } = await setUp();
    const created = await createRecurring(api, {
      type: 'transfer',
      accountId: bank.id,
      accountToId: cash.id,
      amount: '100',
      currencyId: usd,
      quickurrence: { rule: 'weekly', startDate: '2026-03-02T00:00:00Z' },
    });
    const posted = await postedOf(api.userId);
    expect(posted.map((row) => [row.date, row.type])).toEqual([
      ['2026-03-02', 'expense'],
      ['2026-03-02', 'income'],
      ['2026-03-09', 'expense'],
      ['2026-03-09', 'income'],
    ]);
    expect(posted.every((row) => row.recurring_id === created.id && row.transfer_id !== null)).toBe(true);
    expect(new Set(posted.map((row) => row.transfer_id)).size).toBe(2);

    const toItself = await api.call('POST', '/money/recurring', {
      type: 'transfer',
      accountId: bank.id,
      accountToId: bank.id,
      amount: '1',
      currencyId: usd,
      quickurrence: { rule: 'daily' },
    });
    expect(toItself.status).toBe(400);
    expect(toItself.body.error).toBe(TRANSFER_DESTINATION_MESSAGE);
    const acrossCurrencies = await api.call('POST', '/money/recurring', {
      type: 'transfer',
      accountId: bank.id,
      accountToId: cash.id,
      amount: '1',
      currencyId: usd,
      currencyToId: eur,
      quickurrence: { rule: 'daily' },
    });
    expect(acrossCurrencies.status).toBe(400);
    expect(acrossCurrencies.body.issues[0].path).toEqual(['body', 'amountTo']);
  });

  it('runs as the scheduled job every 5 minutes', async () => {
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', startDate: '2026-03-11T00:00:00Z' }),
    );
    expect(created.postedCount).toBe(0);
    const runner = createJobRunner({
      ctx: t.app.ctx,
      definitions: recurringTransactionJobDefinitions,
      log: { info() {}, warn() {}, error() {} },
    });
    t.clock.set(new Date('2026-03-10T23:58:00Z'));
    await runner.runOnce();
    t.clock.set(new Date('2026-03-11T00:00:30Z'));
    expect(await runner.runOnce()).toBe(1);
    expect((await postedOf(api.userId)).map((row) => row.date)).toEqual(['2026-03-11']);
  });

  it('counts days in the rule’s time zone', async () => {
    // 00:30 on March 11 in Berlin is still March 10 in UTC.
    t.clock.set(new Date('2026-03-10T23:30:00Z'));
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, {
        rule: 'daily',
        timezone: 'Europe/Berlin',
        startDate: '2026-03-10T00:00:00+01:00',
      }),
    );
    expect(created).toMatchObject({ postedCount: 2, lastPostedDate: '2026-03-11', nextDate: '2026-03-12' });
    const other = await createRecurring(
      api,
      expenseTemplate(bank.id, {
        rule: 'daily',
        timezone: 'America/New_York',
        startDate: '2026-03-10T00:00:00-04:00',
      }),
    );
    expect(other).toMatchObject({ postedCount: 1, nextDate: '2026-03-11' });
    // The job sees New York's next day only once it has come there.
    t.clock.set(new Date('2026-03-11T03:30:00Z'));
    await runJob();
    expect((await progressOf(other.id))?.postedCount).toBe(1);
    t.clock.set(new Date('2026-03-11T04:30:00Z'));
    await runJob();
    expect((await progressOf(other.id))?.postedCount).toBe(2);
  });

  it('posts nothing twice when the app is built again on the same database', async () => {
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', startDate: '2026-03-08T00:00:00Z' }),
    );
    expect(created.postedCount).toBe(3);
    const restarted = await createTestApp({ database: t.database });
    try {
      restarted.clock.set(new Date('2026-03-12T06:00:00Z'));
      // Both apps' posters run the same backlog at once.
      t.clock.set(new Date('2026-03-12T06:00:00Z'));
      await Promise.all([
        postDueRecurring(restarted.app.ctx, { limit: 500 }),
        postDueRecurring(t.app.ctx, { limit: 500 }),
      ]);
      await postDueRecurring(restarted.app.ctx, { limit: 500 });
    } finally {
      await restarted.app.close();
    }
    const dates = (await postedOf(api.userId)).map((row) => row.date);
    expect(dates).toEqual(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']);
    const [postings] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from money_recurring_postings where recurring_id = ${created.id}`,
    );
    expect(postings?.count).toBe(5);
  });
});

describe('the rule', () => {
  it('is refused with the recurrence code when invalid', async () => {
    const { api, bank } = await setUp();
    const backwards = await api.call(
      'POST',
      '/money/recurring',
      expenseTemplate(bank.id, { startDate: '2026-03-10T00:00:00Z', endDate: '2026-03-01T00:00:00Z' }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Invalid recurrence rule' });
    expect(backwards.body.issues[0]).toMatchObject({ code: 'DATE_BEFORE_START' });
    const unknown = await api.call(
      'POST',
      '/money/recurring',
      expenseTemplate(bank.id, { everyFullMoon: true }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0]).toMatchObject({
      path: ['body', 'quickurrence', 'everyFullMoon'],
      code: 'INCOMPATIBLE_OPTIONS',
    });
    expect((await api.call('GET', '/money/recurring')).body.items).toEqual([]);
  });

  it('lists upcoming occurrences soonest first, 30 days by default and at most a year ahead', async () => {
    const { api, bank } = await setUp();
    const weekly = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'weekly', startDate: '2026-03-12T00:00:00Z' }),
    );
    const monthly = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'monthly', startDate: '2026-03-15T00:00:00Z' }),
    );
    const byDefault = await api.call('GET', '/money/recurring/upcoming');
    expect(
      (byDefault.body.items as { recurringId: string; date: string }[]).map((item) => [
        item.date,
        item.recurringId,
      ]),
    ).toEqual([
      ['2026-03-12', weekly.id],
      ['2026-03-15', monthly.id],
      ['2026-03-19', weekly.id],
      ['2026-03-26', weekly.id],
      ['2026-04-02', weekly.id],
      ['2026-04-09', weekly.id],
    ]);
    expect((await api.call('GET', '/money/recurring/upcoming?to=2027-03-10')).status).toBe(200);
    const tooFar = await api.call('GET', '/money/recurring/upcoming?to=2027-03-11');
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.code).toBe('VALIDATION_FAILED');
    const list = await api.call('GET', '/money/recurring');
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([weekly.id, monthly.id]);
  });

  it('skips an upcoming occurrence, which is then never posted', async () => {
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', startDate: '2026-03-12T00:00:00Z' }),
    );
    expect(await upcomingDates(api, created.id, '2026-03-16')).toEqual([
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
    ]);
    const skipped = await api.call('POST', `/money/recurring/${created.id}/skip`, { date: '2026-03-13' });
    expect(skipped.status).toBe(200);
    expect(skipped.body.nextDate).toBe('2026-03-12');
    expect(skipped.body.quickurrence.excludeDates).toEqual(['2026-03-13T00:00:00.000Z']);
    const skippedNext = await api.call('POST', `/money/recurring/${created.id}/skip`, { date: '2026-03-12' });
    expect(skippedNext.body.nextDate).toBe('2026-03-14');
    expect(await upcomingDates(api, created.id, '2026-03-16')).toEqual([
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
    ]);

    for (const date of ['2026-03-12', '2026-03-11', '2026-03-13']) {
      const refused = await api.call('POST', `/money/recurring/${created.id}/skip`, { date });
      expect(refused.status).toBe(400);
    }

    t.clock.set(new Date('2026-03-16T09:00:00Z'));
    await runJob();
    expect((await postedOf(api.userId)).map((row) => row.date)).toEqual([
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
    ]);
  });

  it('applies an edit to occurrences still to come, a new rule from today on', async () => {
    const { api, bank, cash } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', startDate: '2026-03-09T00:00:00Z' }),
    );
    const changed = await api.call('PATCH', `/money/recurring/${created.id}`, {
      amount: '20',
      accountId: cash.id,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ amount: '20', accountId: cash.id, nextDate: '2026-03-11' });
    // Every other day from March 1 falls on the 11th, 13th…: the 9th is not posted again.
    const ruled = await api.call('PATCH', `/money/recurring/${created.id}`, {
      quickurrence: { rule: 'daily', interval: 2, startDate: '2026-03-01T00:00:00Z' },
    });
    expect(ruled.body).toMatchObject({ nextDate: '2026-03-11', postedCount: 2 });
    const everyDay = await api.call('PATCH', `/money/recurring/${created.id}`, {
      quickurrence: { rule: 'daily', startDate: '2026-03-01T00:00:00Z' },
    });
    expect(everyDay.body).toMatchObject({ nextDate: '2026-03-11', postedCount: 2 });
    const badType = await api.call('PATCH', `/money/recurring/${created.id}`, { accountToId: bank.id });
    expect(badType.status).toBe(400);

    t.clock.advance(DAY_MS);
    await runJob();
    const posted = await queryRows<{ date: string; amount: string; account_id: string }>(
      t.database.db,
      sql`select date::text as date, amount::text as amount, account_id from money_transactions
           where user_id = ${api.userId} order by date`,
    );
    expect(posted.map((row) => [row.date, row.amount, row.account_id])).toEqual([
      ['2026-03-09', '12.500000', bank.id],
      ['2026-03-10', '12.500000', bank.id],
      ['2026-03-11', '20.000000', cash.id],
    ]);
  });
});

describe('deleting and ownership', () => {
  it('deletes a template and keeps what it posted', async () => {
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', startDate: '2026-03-08T00:00:00Z' }),
    );
    expect((await api.call('DELETE', `/money/recurring/${created.id}`)).status).toBe(204);
    expect((await api.call('GET', `/money/recurring/${created.id}`)).status).toBe(404);
    const posted = await postedOf(api.userId);
    expect(posted).toHaveLength(3);
    expect(posted.every((row) => row.recurring_id === null)).toBe(true);
    const [postings] = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from money_recurring_postings where recurring_id = ${created.id}`,
    );
    expect(postings?.count).toBe(0);
  });

  it('answers 404 for another user’s template, account or category', async () => {
    const { api, bank } = await setUp();
    const other = await createMoneyUser(t);
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', startDate: '2026-03-12T00:00:00Z' }),
    );
    const url = `/money/recurring/${created.id}`;
    expect((await other.call('GET', url)).status).toBe(404);
    expect((await other.call('PATCH', url, { amount: '1' })).status).toBe(404);
    expect((await other.call('POST', `${url}/skip`, { date: '2026-03-12' })).status).toBe(404);
    expect((await other.call('DELETE', url)).status).toBe(404);
    expect((await other.call('GET', '/money/recurring')).body.items).toEqual([]);
    expect((await other.call('GET', '/money/recurring/upcoming')).body.items).toEqual([]);

    const foreignAccount = await other.call(
      'POST',
      '/money/recurring',
      expenseTemplate(bank.id, { rule: 'daily' }),
    );
    expect(foreignAccount.status).toBe(404);
    const category = await api.category('Food');
    const ownAccount = await other.account('Mine');
    const foreignCategory = await other.call(
      'POST',
      '/money/recurring',
      expenseTemplate(ownAccount.id, { rule: 'daily' }, { categoryId: category.id }),
    );
    expect(foreignCategory.status).toBe(404);
    const patchForeign = await api.call('PATCH', url, { categoryId: (await other.category('Theirs')).id });
    expect(patchForeign.status).toBe(404);
    expect((await api.call('GET', url)).body.amount).toBe('12.5');
  });

  it('goes with its user, posted transactions and all', async () => {
    const { api, bank } = await setUp();
    const created = await createRecurring(
      api,
      expenseTemplate(bank.id, { rule: 'daily', startDate: '2026-03-09T00:00:00Z' }),
    );
    expect(created.postedCount).toBe(2);
    const deleted = await api.call('DELETE', '/users/me', { password: 'Correct-Horse1' });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await postedOf(api.userId)).toEqual([]);
    expect(await progressOf(created.id)).toBeUndefined();
  });
});
