import {
  type CreateMoneyRecurringBody,
  type MoneyRecurring,
  type MoneyRecurringList,
  TRANSFER_DESTINATION_MESSAGE,
  type UpcomingMoneyTransactions,
  type UpdateMoneyRecurringBody,
} from '@cairn/contracts/money';
import { Recurrence } from '@cairn/recurrence';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { formatDecimal } from '../../lib/decimal';
import { requireOwned } from '../../lib/require-owned';
import {
  invalidRecurrence,
  readOptionsInput,
  readStoredRecurrence,
  settleOptions,
  toStoredRecurrence,
} from '../tasks/task-recurrence-rules';
import { resolveTimeZone } from '../users/users.service';
import * as accounts from './accounts.repository';
import {
  addDays,
  dayOfInstant,
  findDayAfter,
  findDayOnOrAfter,
  findFirstDay,
  findOccurrences,
  postDueOccurrences,
  type RecurringRule,
  readRecurringRule,
} from './recurring-posting';
import type {
  NewRecurringRow,
  RecurringChanges,
  RecurringRow,
  RecurringScope,
} from './recurring-transactions.repository';
import * as repository from './recurring-transactions.repository';
import { referenceGone, refusingBrokenReferences } from './transaction-db-errors';
import { resolveAccountReference, resolveCategoryReference } from './transaction-references';

/**
 * Recurring transactions: a transaction template with a recurrence rule (the tasks' quickurrence,
 * validated the same way). Its occurrences are posted by the background job (recurring-posting.ts),
 * and right away when they are already due as a template is saved.
 */

/** Occurrences already due when a template is saved are posted at once, up to this many; the job does the rest. */
const POSTINGS_PER_REQUEST = 100;
const DEFAULT_UPCOMING_DAYS = 30;
const MAX_UPCOMING = 1000;

export function toRecurring(row: RecurringRow): MoneyRecurring {
  const options = readStoredRecurrence(row.quickurrence);
  return {
    id: row.id,
    type: row.type,
    accountId: row.accountId,
    subAccountId: row.subAccountId,
    accountToId: row.accountToId,
    subAccountToId: row.subAccountToId,
    amount: formatDecimal(row.amount),
    currencyId: row.currencyId,
    amountTo: row.amountTo === null ? null : formatDecimal(row.amountTo),
    currencyToId: row.currencyToId,
    categoryId: row.categoryId,
    subCategoryId: row.subCategoryId,
    note: row.note,
    quickurrence: row.quickurrence as Record<string, unknown>,
    description: options ? new Recurrence(options).toText() : '',
    nextDate: row.nextDate,
    lastPostedDate: row.lastPostedDate,
    postedCount: row.postedCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function getRecurring(ctx: AppContext, scope: RecurringScope): Promise<MoneyRecurring> {
  return toRecurring(requireOwned(await repository.findRecurring(ctx.db, scope), 'Recurring transaction'));
}

export async function listRecurring(
  ctx: AppContext,
  options: { userId: string },
): Promise<MoneyRecurringList> {
  return { items: (await repository.findRecurringList(ctx.db, options.userId)).map(toRecurring) };
}

function bodyError(path: string[], message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', ...path], message }] });
}

const transferToItself = () => bodyError(['accountToId'], TRANSFER_DESTINATION_MESSAGE);
const amountReceivedRequired = () =>
  bodyError(['amountTo'], 'Enter the amount received: the accounts are in different currencies');

/** A template's transaction fields, all of them, as a create body or an edit merged over a row gives them. */
type TemplateFields = Omit<CreateMoneyRecurringBody, 'quickurrence'>;
type TemplateColumns = Omit<
  NewRecurringRow,
  'userId' | 'id' | 'quickurrence' | 'nextDate' | 'lastPostedDate' | 'postedCount' | 'createdAt' | 'updatedAt'
>;

/**
 * The columns of a template, checked as a transaction is (the user's own accounts and categories,
 * children of their parents, a transfer's destination another account, the amount received when the
 * currencies differ); currencies are left to the database's keys.
 */
async function resolveTemplate(
  ctx: AppContext,
  options: { userId: string; fields: TemplateFields },
): Promise<TemplateColumns> {
  const { userId, fields } = options;
  const source = await resolveAccountReference(ctx, {
    userId,
    accountId: fields.accountId,
    subAccountId: fields.subAccountId,
  });
  let destination = { accountToId: null as string | null, subAccountToId: null as string | null };
  if (fields.type === 'transfer') {
    if (!fields.accountToId) throw transferToItself();
    const to = await resolveAccountReference(ctx, {
      userId,
      accountId: fields.accountToId,
      subAccountId: fields.subAccountToId,
    });
    if (to.accountId === source.accountId) throw transferToItself();
    const currencyToId = fields.currencyToId ?? fields.currencyId;
    if (currencyToId !== fields.currencyId && fields.amountTo === undefined) throw amountReceivedRequired();
    destination = { accountToId: to.accountId, subAccountToId: to.subAccountId };
  }
  const category = await resolveCategoryReference(ctx, {
    userId,
    categoryId: fields.categoryId,
    subCategoryId: fields.subCategoryId,
  });
  const isTransfer = fields.type === 'transfer';
  return {
    type: fields.type,
    ...source,
    ...destination,
    amount: fields.amount,
    currencyId: fields.currencyId,
    amountTo: isTransfer ? (fields.amountTo ?? null) : null,
    currencyToId: isTransfer ? (fields.currencyToId ?? null) : null,
    ...category,
    note: fields.note ?? '',
  };
}

/** The rule a request sends, settled as tasks settle theirs; the anchor fills what it leaves out. */
function settleRule(
  quickurrence: Record<string, unknown>,
  anchor: { startDate: Date; timezone: string },
): RecurringRule {
  const options = settleOptions({ ...anchor, ...readOptionsInput(quickurrence) }, 'quickurrence');
  // The anchor's zone always applies, so a settled rule names one; this keeps the type honest.
  const timeZone = options.timezone ?? anchor.timezone;
  return { options: { ...options, timezone: timeZone }, timeZone };
}

/**
 * Saves a template and posts its occurrences already due (a start in the past), up to today in its
 * zone. The rule's zone is its own, else the user's (the request's, then the profile's).
 */
export async function createRecurring(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined; input: CreateMoneyRecurringBody },
): Promise<MoneyRecurring> {
  const { userId, input } = options;
  const rule = settleRule(input.quickurrence, {
    startDate: ctx.clock.now(),
    timezone: await resolveTimeZone(ctx, options),
  });
  const row = await inTransaction(ctx, async (tx) => {
    // As transactions do: an account or category being deleted waits, or is seen gone.
    await accounts.lockMoneyTrees(tx.db, userId, 'read');
    const columns = await resolveTemplate(tx, { userId, fields: input });
    const now = tx.clock.now();
    return refusingBrokenReferences(
      () =>
        repository.insertRecurring(tx.db, {
          userId,
          ...columns,
          quickurrence: toStoredRecurrence(rule.options),
          nextDate: findFirstDay(rule),
          createdAt: now,
          updatedAt: now,
        }),
      referenceGone,
    );
  });
  const scope = { userId, recurringId: row.id };
  await postDueOccurrences(ctx, { ...scope, limit: POSTINGS_PER_REQUEST });
  return getRecurring(ctx, scope);
}

const destinationFields = ['accountToId', 'subAccountToId', 'amountTo', 'currencyToId'] as const;

/** The template's fields with a change laid over them, as a create body would give them. */
function mergeFields(row: RecurringRow, changes: UpdateMoneyRecurringBody): TemplateFields {
  const type = changes.type ?? row.type;
  if (type !== 'transfer' && destinationFields.some((field) => changes[field] !== undefined)) {
    throw bodyError(['type'], 'Only a transfer has a destination');
  }
  const pick = <Key extends keyof TemplateFields>(key: Key, current: TemplateFields[Key]) =>
    changes[key] !== undefined ? changes[key] : current;
  const accountId = pick('accountId', row.accountId);
  const categoryId = pick('categoryId', row.categoryId);
  const accountToId = pick('accountToId', row.accountToId ?? undefined);
  const currencyId = pick('currencyId', row.currencyId);
  return {
    type,
    accountId,
    // A new account drops the old one's sub-account unless the change names one (as transactions do).
    subAccountId: pick('subAccountId', accountId === row.accountId ? row.subAccountId : null),
    accountToId,
    subAccountToId: pick('subAccountToId', accountToId === row.accountToId ? row.subAccountToId : null),
    amount: pick('amount', row.amount),
    currencyId,
    amountTo: pick('amountTo', row.amountTo ?? undefined),
    currencyToId: pick('currencyToId', row.currencyToId ?? undefined),
    categoryId,
    subCategoryId: pick('subCategoryId', categoryId === row.categoryId ? row.subCategoryId : null),
    note: pick('note', row.note),
  };
}

/**
 * Changes a template; what it posted stays as it was. A new rule (its start and zone default to the
 * current rule's) applies from today, or from the day after the last one posted when that is later.
 */
export async function updateRecurring(
  ctx: AppContext,
  options: RecurringScope & { changes: UpdateMoneyRecurringBody },
): Promise<MoneyRecurring> {
  const { userId, changes } = options;
  if (!hasChanges(changes)) return getRecurring(ctx, options);
  await inTransaction(ctx, async (tx) => {
    await accounts.lockMoneyTrees(tx.db, userId, 'read');
    const row = requireOwned(
      await repository.findRecurring(tx.db, { ...options, isForUpdate: true }),
      'Recurring transaction',
    );
    const { quickurrence, ...fieldChanges } = changes;
    const update: RecurringChanges = hasChanges(fieldChanges)
      ? await resolveTemplate(tx, { userId, fields: mergeFields(row, fieldChanges) })
      : {};
    if (quickurrence !== undefined) {
      const current = await readRecurringRule(tx, row);
      const rule = settleRule(quickurrence, {
        startDate: current.options.startDate,
        timezone: current.timeZone,
      });
      const today = dayOfInstant(tx.clock.now(), rule.timeZone);
      const afterPosted = row.lastPostedDate ? addDays(row.lastPostedDate, 1) : today;
      update.quickurrence = toStoredRecurrence(rule.options);
      update.nextDate = findDayOnOrAfter(rule, afterPosted > today ? afterPosted : today);
    }
    await refusingBrokenReferences(
      () => repository.updateRecurring(tx.db, { ...options, changes: update, at: tx.clock.now() }),
      referenceGone,
    );
  });
  // A new rule may make today's occurrence due.
  if (changes.quickurrence !== undefined) {
    await postDueOccurrences(ctx, { ...options, limit: POSTINGS_PER_REQUEST });
  }
  return getRecurring(ctx, options);
}

/** Deletes a template; the transactions it posted stay, no longer linked to it. */
export async function deleteRecurring(ctx: AppContext, scope: RecurringScope): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    requireOwned(
      await repository.findRecurring(tx.db, { ...scope, isForUpdate: true }),
      'Recurring transaction',
    );
    await repository.detachTransactions(tx.db, scope);
    await repository.deleteRecurring(tx.db, scope);
  });
}

/** The same calendar day a year later (a year after Feb 29 is Feb 28). */
function aYearAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  if (date.getUTCDate() !== Number(day.slice(8))) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/**
 * The occurrences still to post across the user's templates, from each one's next day through `to`
 * (30 days from today when left out, at most a year ahead), soonest first.
 */
export async function findUpcoming(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined; to: string | undefined },
): Promise<UpcomingMoneyTransactions> {
  const today = dayOfInstant(ctx.clock.now(), await resolveTimeZone(ctx, options));
  const to = options.to ?? addDays(today, DEFAULT_UPCOMING_DAYS);
  if (to > aYearAfter(today)) {
    throw new AppError('VALIDATION_FAILED', 'Upcoming transactions reach at most a year ahead', {
      issues: [{ path: ['querystring', 'to'], message: 'Choose a day at most a year from today' }],
    });
  }
  const items: UpcomingMoneyTransactions['items'] = [];
  for (const row of await repository.findRecurringList(ctx.db, options.userId)) {
    if (!row.nextDate || row.nextDate > to) continue;
    const rule = await readRecurringRule(ctx, row);
    for (const { day } of findOccurrences(rule, { from: row.nextDate, to })) {
      items.push({
        recurringId: row.id,
        date: day,
        type: row.type,
        accountId: row.accountId,
        accountToId: row.accountToId,
        amount: formatDecimal(row.amount),
        currencyId: row.currencyId,
        categoryId: row.categoryId,
        note: row.note,
      });
    }
  }
  items.sort((a, b) => a.date.localeCompare(b.date) || a.recurringId.localeCompare(b.recurringId));
  return { items: items.slice(0, MAX_UPCOMING) };
}

/**
 * Skips an occurrence still to come: its day joins the rule's excluded dates (as the instant the
 * engine gives that occurrence), so it is never posted; the template moves on if it was the next.
 */
export async function skipOccurrence(
  ctx: AppContext,
  options: RecurringScope & { date: string },
): Promise<MoneyRecurring> {
  const { date } = options;
  await inTransaction(ctx, async (tx) => {
    const row = requireOwned(
      await repository.findRecurring(tx.db, { ...options, isForUpdate: true }),
      'Recurring transaction',
    );
    const rule = await readRecurringRule(tx, row);
    const [occurrence] =
      row.nextDate && date >= row.nextDate ? findOccurrences(rule, { from: date, to: date }) : [];
    if (!occurrence) throw bodyError(['date'], 'That day is not an occurrence still to post');
    const skipped: RecurringRule = {
      ...rule,
      options: { ...rule.options, excludeDates: [...(rule.options.excludeDates ?? []), occurrence.instant] },
    };
    const issues = Recurrence.validate(skipped.options);
    if (issues.length > 0) {
      throw invalidRecurrence(
        issues.map((issue) => ({ path: ['body', 'date'], message: issue.message, code: issue.code })),
      );
    }
    await repository.updateRecurring(tx.db, {
      ...options,
      changes: {
        quickurrence: toStoredRecurrence(skipped.options),
        ...(row.nextDate === date ? { nextDate: findDayAfter(skipped, date) } : {}),
      },
      at: tx.clock.now(),
    });
  });
  return getRecurring(ctx, options);
}
