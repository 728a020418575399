import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openPostgres, queryRows } from '../src/db/client';
import type { AppContext } from '../src/lib/app-context';
import { enqueueJobs } from '../src/modules/jobs/job-queue';
import { createJobRunner } from '../src/modules/jobs/job-runner';
import { postDueOccurrences } from '../src/modules/money/recurring-posting';
import {
  POST_RECURRING_JOB,
  recurringTransactionJobDefinitions,
} from '../src/modules/money/recurring-transactions.jobs';
import { createMoneyUser } from './support/money-api';
import { databaseUrlFor } from './support/postgres-url';
import { createTestApp, type TestApp } from './support/test-app';

// Two posters at once on one database. On PostgreSQL the second works on a pool of its own (another
// API process, as far as the database can tell); the embedded database has one connection to share.
let t: TestApp;
let second: Database | undefined;
let ctxA: AppContext;
let ctxB: AppContext;
const TEMPLATES = 20;
const DAYS = 8;

beforeAll(async () => {
  t = await createTestApp();
  ctxA = t.app.ctx;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const [row] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
    second = openPostgres(databaseUrlFor(serverUrl, row?.name ?? ''));
  }
  ctxB = { ...ctxA, db: second?.db ?? ctxA.db };
});

afterAll(async () => {
  await second?.close();
  await t.close();
});

const count = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ count: number }>(t.database.db, query))[0]?.count;

it('two job runners posting at the same time post each occurrence exactly once', async () => {
  const api = await createMoneyUser(t);
  const usd = await api.currency('USD');
  const bank = await api.account('Bank');
  const ids: string[] = [];
  for (let index = 0; index < TEMPLATES; index++) {
    const response = await api.call('POST', '/money/recurring', {
      type: 'expense',
      accountId: bank.id,
      amount: '1.25',
      currencyId: usd,
      quickurrence: { rule: 'daily', count: DAYS, startDate: '2026-03-11T00:00:00Z' },
    });
    expect(response.status).toBe(201);
    ids.push(response.body.id);
  }
  // By March 20 every template has its whole series (March 11 to 18) due.
  t.clock.set(new Date('2026-03-20T12:00:00Z'));

  const runner = (ctx: AppContext, runnerId: string) =>
    createJobRunner({
      ctx,
      runnerId,
      batchSize: 1,
      definitions: recurringTransactionJobDefinitions,
      log: { info() {}, warn() {}, error() {} },
    });
  // Two runs of the job, one claimed by each runner, so both post the same backlog at once.
  await enqueueJobs(ctxA, [{ name: POST_RECURRING_JOB }, { name: POST_RECURRING_JOB }]);
  expect(await Promise.all([runner(ctxA, 'a').runOnce(), runner(ctxB, 'b').runOnce()])).toEqual([1, 1]);

  expect(
    await count(sql`select count(*)::int as count from jobs
                     where name = ${POST_RECURRING_JOB} and status = 'done'`),
  ).toBe(2);
  const total = TEMPLATES * DAYS;
  expect(
    await count(sql`select count(*)::int as count from money_transactions where user_id = ${api.userId}`),
  ).toBe(total);
  expect(
    await count(sql`select count(*)::int as count
                      from (select distinct recurring_id, date from money_transactions
                             where user_id = ${api.userId}) as posted`),
  ).toBe(total);
  expect(
    await count(
      sql`select count(*)::int as count from money_recurring_postings where user_id = ${api.userId}`,
    ),
  ).toBe(total);
  const progress = await queryRows<{ posted_count: number; next_date: string | null }>(
    t.database.db,
    sql`select posted_count, next_date::text as next_date from money_recurring where user_id = ${api.userId}`,
  );
  expect(progress).toHaveLength(TEMPLATES);
  expect(progress.every((row) => row.posted_count === DAYS && row.next_date === null)).toBe(true);
});

it('two posters on one template share its days between them', async () => {
  t.clock.set(new Date('2026-03-10T12:00:00Z'));
  const api = await createMoneyUser(t);
  const usd = await api.currency('USD');
  const bank = await api.account('Bank');
  const response = await api.call('POST', '/money/recurring', {
    type: 'income',
    accountId: bank.id,
    amount: '3',
    currencyId: usd,
    quickurrence: { rule: 'daily', startDate: '2026-03-11T00:00:00Z' },
  });
  const scope = { userId: api.userId, recurringId: response.body.id as string };
  t.clock.set(new Date('2026-04-29T12:00:00Z'));
  const [a, b] = await Promise.all([
    postDueOccurrences(ctxA, { ...scope, limit: 100 }),
    postDueOccurrences(ctxB, { ...scope, limit: 100 }),
  ]);
  // March 11 through April 29.
  expect(a + b).toBe(50);
  expect(
    await count(sql`select count(distinct date)::int as count from money_transactions
                     where user_id = ${api.userId} and recurring_id = ${scope.recurringId}`),
  ).toBe(50);
  expect(
    await count(sql`select count(*)::int as count from money_transactions where user_id = ${api.userId}`),
  ).toBe(50);
});
