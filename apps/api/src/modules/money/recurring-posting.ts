import type { CreateMoneyTransactionBody } from '@cairn/contracts/money';
import type { RecurrenceOptions } from '@cairn/recurrence';
import { Recurrence } from '@cairn/recurrence';
import { getCalendarDayOfInstant, getStartOfDay } from '@cairn/recurrence/time-zone';
import { type AppContext, inTransaction } from '../../lib/app-context';
import {
  findFirstOccurrence,
  findNextOccurrence,
  readStoredRecurrence,
} from '../tasks/task-recurrence-rules';
import { getUserRow } from '../users/users.service';
import type { DueRecurring, RecurringRow, RecurringScope } from './recurring-transactions.repository';
import * as repository from './recurring-transactions.repository';
import { createTransaction } from './transactions.service';

/**
 * Posting recurring transactions: each occurrence is a calendar day in the template's time zone, and
 * becomes one transaction exactly once. Every occurrence is posted in a database transaction of its
 * own that first claims the day in money_recurring_postings; only the claimer writes the transaction
 * and moves the template on, so two job runners, an API request and a runner, or a runner started
 * again after a crash never post a day twice.
 */

const DAY_MS = 86_400_000;

// Calendar days as YYYY-MM-DD, and as the engine's day numbers (days since 1970-01-01).

function toDayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return fromDayNumber(toDayNumber(day) + days);
}

/** The calendar day `instant` falls on in `timeZone`. */
export function dayOfInstant(instant: Date, timeZone: string): string {
  return fromDayNumber(getCalendarDayOfInstant(instant.getTime(), timeZone));
}

/** The first instant of `day` in `timeZone` (midnight UTC of it for a day the zone skipped entirely). */
export function startOfDay(day: string, timeZone: string): Date {
  const dayNumber = toDayNumber(day);
  return new Date(getStartOfDay(dayNumber, timeZone) ?? dayNumber * DAY_MS);
}

/** A template's rule with the zone its days are counted in. */
export type RecurringRule = { options: RecurrenceOptions; timeZone: string };

/**
 * The stored rule of a template. Its zone is the rule's own, else the user's; a stored rule always
 * names one (it is settled with the user's on the way in), so the user is only read for an old row.
 */
export async function readRecurringRule(ctx: AppContext, row: RecurringRow): Promise<RecurringRule> {
  const options = readStoredRecurrence(row.quickurrence);
  if (!options) throw new Error(`recurring transaction ${row.id} has an unreadable rule`);
  const timeZone = options.timezone ?? (await getUserRow(ctx, { userId: row.userId })).timezone;
  return { options: { ...options, timezone: timeZone }, timeZone };
}

/** The series' first day, or null when it has none. */
export function findFirstDay(rule: RecurringRule): string | null {
  const first = findFirstOccurrence(rule.options);
  return first && dayOfInstant(first, rule.timeZone);
}

/** The first occurrence after `day`, or null once the series has ended (count, endDate or no more days). */
export function findDayAfter(rule: RecurringRule, day: string): string | null {
  const next = findNextOccurrence(rule.options, startOfDay(day, rule.timeZone));
  return next && dayOfInstant(next, rule.timeZone);
}

/** The first occurrence on or after `day`, or null. */
export function findDayOnOrAfter(rule: RecurringRule, day: string): string | null {
  // The engine searches from the day after its argument's: the last instant of the day before.
  const next = findNextOccurrence(rule.options, new Date(startOfDay(day, rule.timeZone).getTime() - 1));
  return next && dayOfInstant(next, rule.timeZone);
}

/** Occurrences from `from` through `to` (calendar days, both included), each with the engine's instant. */
export function findOccurrences(
  rule: RecurringRule,
  range: { from: string; to: string },
): { day: string; instant: Date }[] {
  if (range.to < range.from) return [];
  return new Recurrence(rule.options)
    .between(startOfDay(range.from, rule.timeZone), startOfDay(range.to, rule.timeZone))
    .map((instant) => ({ day: dayOfInstant(instant, rule.timeZone), instant }));
}

/** The transaction a template posts on `day`. */
function toTransactionInput(row: RecurringRow, day: string): CreateMoneyTransactionBody {
  const common = {
    accountId: row.accountId,
    subAccountId: row.subAccountId,
    amount: row.amount,
    currencyId: row.currencyId,
    date: day,
    categoryId: row.categoryId,
    subCategoryId: row.subCategoryId,
    note: row.note,
  };
  if (row.type !== 'transfer') return { type: row.type, ...common };
  return {
    type: 'transfer',
    ...common,
    ...(row.accountToId === null ? {} : { accountToId: row.accountToId }),
    subAccountToId: row.subAccountToId,
    ...(row.amountTo === null ? {} : { amountTo: row.amountTo }),
    ...(row.currencyToId === null ? {} : { currencyToId: row.currencyToId }),
  };
}

type PostingOutcome = 'posted' | 'taken' | 'nothing due';

/** Posts the template's next day if it is due, in the caller's transaction. */
async function postNextOccurrence(tx: AppContext, scope: RecurringScope): Promise<PostingOutcome> {
  const row = await repository.findRecurring(tx.db, { ...scope, isForUpdate: true });
  if (!row?.nextDate) return 'nothing due';
  const rule = await readRecurringRule(tx, row);
  const now = tx.clock.now();
  if (row.nextDate > dayOfInstant(now, rule.timeZone)) return 'nothing due';
  const day = row.nextDate;
  const nextDate = findDayAfter(rule, day);
  if (!(await repository.insertPosting(tx.db, { ...scope, date: day }))) {
    // Posted already by someone else: post nothing, only make sure the template does not stay on it.
    await repository.passPostedDay(tx.db, { ...scope, date: day, nextDate, at: now });
    return 'taken';
  }
  await createTransaction(tx, {
    userId: scope.userId,
    input: toTransactionInput(row, day),
    recurringId: scope.recurringId,
  });
  await repository.recordPosting(tx.db, { ...scope, date: day, nextDate, at: now });
  return 'posted';
}

/** Posts a template's due occurrences (day on or before today in its zone), oldest first, at most `limit`. */
export async function postDueOccurrences(
  ctx: AppContext,
  options: RecurringScope & { limit: number },
): Promise<number> {
  const { limit, ...scope } = options;
  let posted = 0;
  // A day found taken is passed over, so every round moves the template on; the bound is a guard.
  for (let round = 0; posted < limit && round < 2 * limit; round++) {
    const outcome = await inTransaction(ctx, (tx) => postNextOccurrence(tx, scope));
    if (outcome === 'nothing due') break;
    if (outcome === 'posted') posted += 1;
  }
  return posted;
}

/** What one run of the posting job did. */
export type RecurringPostingRun = { posted: number; failures: { recurringId: string; error: string }[] };

const DUE_PAGE_SIZE = 200;

/**
 * Posts due occurrences across users, oldest first, at most `limit` per run (the next run carries on).
 * Candidates are templates whose next day has come in the zone furthest ahead (UTC + 14 h, so the
 * day after UTC's); each is then held to its own zone. A template that fails (a broken reference)
 * is reported and passed over, so it holds nobody else's up.
 */
export async function postDueRecurring(
  ctx: AppContext,
  options: { limit: number },
): Promise<RecurringPostingRun> {
  const through = addDays(dayOfInstant(ctx.clock.now(), 'UTC'), 1);
  const run: RecurringPostingRun = { posted: 0, failures: [] };
  let after: DueRecurring | undefined;
  while (run.posted < options.limit) {
    const page = await repository.findDueRecurring(ctx.db, { through, after, limit: DUE_PAGE_SIZE });
    for (const candidate of page) {
      if (run.posted >= options.limit) break;
      try {
        run.posted += await postDueOccurrences(ctx, {
          userId: candidate.userId,
          recurringId: candidate.id,
          limit: options.limit - run.posted,
        });
      } catch (error) {
        run.failures.push({
          recurringId: candidate.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    after = page.at(-1);
    if (page.length < DUE_PAGE_SIZE) break;
  }
  return run;
}
