import {
  type SetSystemSourceBody,
  type SystemSourceOption,
  type SystemTrackerSource,
  TRACKER_NAME_MAX_LENGTH,
} from '@cairn/contracts/trackers';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import {
  findAccountSummary,
  getUserCurrencyId,
  listTopLevelAccounts,
} from '../money/money-daily-series.service';
import { assertWithinPlanLimit } from '../plans/plan-limits.service';
import { getUserRow, resolveTimeZone } from '../users/users.service';
import { deleteTracker } from './definitions.service';
import { createSourceState, refreshSystemTracker } from './system-refresh';
import type { SystemTrackerRow } from './system-sources.repository';
import * as repository from './system-sources.repository';

/**
 * System trackers: read-only trackers fed from the user's own tasks, work logs and money. The user
 * switches each source on (a tracker is created and filled for every day with data) or off (the
 * tracker and its values go); their values then follow the data (system-refresh.ts).
 *
 * Which days carry a value: flows (tasks completed, hours worked, spending) on the days that had
 * any, so a day with none is a gap, as a day without a hand log is; states (tasks overdue, account
 * balances) on every day from the first one with data through today, zeros included.
 */

type SourceDescription = {
  name: string;
  description: string;
  /** Where the values come from, shown as the tracker's origin. */
  origin: string;
  unit: string | null;
  isMoney: boolean;
};

/** The sources with one tracker per user, in the order they are offered. */
const perUserSources = ['tasks.completed', 'tasks.overdue', 'worklogs.hours', 'money.spending'] as const;

const sources: Record<(typeof perUserSources)[number], SourceDescription> = {
  'tasks.completed': {
    name: 'Tasks completed',
    description: 'How many tasks you completed each day',
    origin: 'Tasks',
    unit: 'tasks',
    isMoney: false,
  },
  'tasks.overdue': {
    name: 'Tasks overdue',
    description: 'How many tasks were past their due date, still open, at the end of each day',
    origin: 'Tasks',
    unit: 'tasks',
    isMoney: false,
  },
  'worklogs.hours': {
    name: 'Hours worked',
    description: 'The hours of your work-log entries on each work day',
    origin: 'Work logs',
    unit: 'h',
    isMoney: false,
  },
  'money.spending': {
    name: 'Spending',
    description: 'Your expenses each day in your currency, transfers left out',
    origin: 'Money',
    unit: null,
    isMoney: true,
  },
};

function describeBalance(accountName: string): SourceDescription {
  return {
    name: `Balance · ${accountName}`.slice(0, TRACKER_NAME_MAX_LENGTH),
    description: `The balance of ${accountName} and its sub-accounts at the end of each day, in your currency`,
    origin: 'Money',
    unit: null,
    isMoney: true,
  };
}

/** A balance tracker whose account was deleted: shown under the tracker's own name. */
function describeOrphan(trackerName: string): SourceDescription {
  return { ...describeBalance('a deleted account'), name: trackerName };
}

const keyOf = (source: SystemTrackerSource, sourceKey: string | null) => `${source}\u0000${sourceKey ?? ''}`;

function toOption(
  source: SystemTrackerSource,
  sourceKey: string | null,
  description: SourceDescription,
  tracker: SystemTrackerRow | undefined,
): SystemSourceOption {
  return {
    source,
    sourceKey,
    name: description.name,
    description: description.description,
    trackerId: tracker?.id ?? null,
    isEnabled: tracker !== undefined,
  };
}

/**
 * Every source on offer: the four per-user ones, then one balance per top-level money account, and a
 * balance still switched on for an account since deleted, so it can be switched off.
 */
export async function listSystemSources(
  ctx: AppContext,
  options: { userId: string },
): Promise<{ items: SystemSourceOption[] }> {
  const [trackers, accounts] = await Promise.all([
    repository.findSystemTrackers(ctx.db, options),
    listTopLevelAccounts(ctx, options),
  ]);
  const bySource = new Map(trackers.map((row) => [keyOf(row.systemSource, row.systemSourceKey), row]));
  const items: SystemSourceOption[] = [];
  for (const source of perUserSources) {
    items.push(toOption(source, null, sources[source], bySource.get(keyOf(source, null))));
  }
  const accountIds = new Set<string>();
  for (const account of accounts) {
    accountIds.add(account.id);
    const tracker = bySource.get(keyOf('money.account-balance', account.id));
    items.push(toOption('money.account-balance', account.id, describeBalance(account.name), tracker));
  }
  for (const tracker of trackers) {
    const key = tracker.systemSourceKey;
    if (tracker.systemSource !== 'money.account-balance' || (key !== null && accountIds.has(key))) continue;
    items.push(toOption('money.account-balance', key, describeOrphan(tracker.name), tracker));
  }
  return { items };
}

function invalidSourceKey(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['body', 'sourceKey'], message }] });
}

/**
 * What switching `body` on would create: a per-user source takes no key; a balance takes one of the
 * user's top-level accounts (another user's answers 404 like a missing one). Switching off a balance
 * whose account is gone needs only the tracker.
 */
async function describeSource(
  ctx: AppContext,
  options: { userId: string; source: SystemTrackerSource; sourceKey: string | null; hasTracker: boolean },
): Promise<SourceDescription | undefined> {
  const { source, sourceKey } = options;
  if (source !== 'money.account-balance') {
    if (sourceKey !== null) throw invalidSourceKey('Only an account balance takes a sourceKey');
    return sources[source];
  }
  if (sourceKey === null) throw invalidSourceKey('Choose the account whose balance to follow');
  const account = await findAccountSummary(ctx, { userId: options.userId, accountId: sourceKey });
  if (!account) {
    if (options.hasTracker) return undefined;
    throw notFound('Account');
  }
  if (account.parentId !== null) {
    throw invalidSourceKey('A balance follows a top-level account, its sub-accounts included');
  }
  return describeBalance(account.name);
}

/**
 * Switches a source on (creates its tracker and computes every day's value; already on: kept as it
 * is) or off (deletes the tracker and its values; refused with a 409 naming the calculated trackers
 * that read it, as deleting the tracker would be).
 */
export async function setSystemSource(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined; body: SetSystemSourceBody },
): Promise<SystemSourceOption> {
  const { userId, body } = options;
  const { source } = body;
  const sourceKey = body.sourceKey ?? null;
  const existing = await repository.findSystemTracker(ctx.db, { userId, source, sourceKey });
  const description = await describeSource(ctx, {
    userId,
    source,
    sourceKey,
    hasTracker: existing !== undefined,
  });

  // Without a description the account is gone and `existing` is its tracker (describeSource says so).
  const shown = description ?? describeOrphan(existing?.name ?? '');
  if (!body.isEnabled) {
    if (existing) await deleteTracker(ctx, { userId, trackerId: existing.id });
    return toOption(source, sourceKey, shown, undefined);
  }
  if (existing || !description) return toOption(source, sourceKey, shown, existing);

  const currencyId = description.isMoney ? await getUserCurrencyId(ctx, { userId }) : null;
  await inTransaction(ctx, async (tx) => {
    // A system tracker takes a tracker slot like any other: the user chose to switch it on.
    await assertWithinPlanLimit(tx, { userId, key: 'trackers', adding: 1 });
    await repository.insertSystemTracker(tx.db, {
      userId,
      name: description.name,
      origin: description.origin,
      unit: description.unit,
      currencyId,
      source,
      sourceKey,
      at: tx.clock.now(),
    });
  });
  const tracker = await repository.findSystemTracker(ctx.db, { userId, source, sourceKey });
  if (!tracker) throw new Error('the system tracker just added is missing');
  const timeZone = await resolveTimeZone(ctx, options);
  const state = createSourceState(ctx, { userId, timeZone });
  await refreshSystemTracker(ctx, { tracker, state, isForced: true });
  return toOption(source, sourceKey, description, tracker);
}

/**
 * Brings every system tracker of the user up to date with its source, in `timeZone`'s calendar days.
 * Call before reading tracker values; a tracker whose source has not changed costs one cheap query
 * per source family.
 */
export async function refreshSystemTrackers(
  ctx: AppContext,
  options: { userId: string; timeZone: string },
): Promise<void> {
  const trackers = await repository.findSystemTrackers(ctx.db, options);
  if (trackers.length === 0) return;
  const state = createSourceState(ctx, options);
  for (const tracker of trackers) await refreshSystemTracker(ctx, { tracker, state });
}

/**
 * The scheduled pass: every user's system trackers in the user's profile zone, so overdue counts and
 * balances gain their new day even when nobody looks. Returns how many users it refreshed.
 */
export async function refreshAllSystemTrackers(ctx: AppContext): Promise<number> {
  const userIds = await repository.findUsersWithSystemTrackers(ctx.db);
  for (const userId of userIds) {
    const { timezone } = await getUserRow(ctx, { userId });
    await refreshSystemTrackers(ctx, { userId, timeZone: timezone });
  }
  return userIds.length;
}
