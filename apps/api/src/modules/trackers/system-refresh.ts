import type { SystemTrackerSource } from '@cairn/contracts/trackers';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AppContext } from '../../lib/app-context';
import {
  getAccountBalancePerDay,
  getMoneyDataVersion,
  getSpendingPerDay,
  getUserCurrencyId,
} from '../money/money-daily-series.service';
import {
  getCompletedTasksPerDay,
  getOverdueTasksPerDay,
  getTaskDataVersion,
} from '../tasks/task-daily-series.service';
import { getHoursPerDay, getWorklogDataVersion } from '../worklogs/daily-hours.service';
import { recalculateDependents } from './calculated-trackers.service';
import type { DailyValue, SystemTrackerRow } from './system-sources.repository';
import * as repository from './system-sources.repository';

/**
 * Keeping system trackers in step with the data they follow. Each tracker stores the fingerprint of
 * its source that its values were computed from (trackers.system_source_version); a refresh asks each
 * source for its current fingerprint (one cheap aggregate) and recomputes only the trackers whose
 * fingerprint moved: the whole series in one query, written back in one statement that touches only
 * the days whose value changed. The fingerprint holds the time zone (days are the user's calendar
 * days), the user's currency for money, and today's date for the series that grow or move with the
 * calendar (overdue counts, balances) or whose conversion a new day's rates may change.
 */

type Family = 'tasks' | 'worklogs' | 'money';

const familyOf: Record<SystemTrackerSource, Family> = {
  'tasks.completed': 'tasks',
  'tasks.overdue': 'tasks',
  'worklogs.hours': 'worklogs',
  'money.spending': 'money',
  'money.account-balance': 'money',
};

/** Series that change as days pass, not only when the data does. */
const followsCalendar: Record<SystemTrackerSource, boolean> = {
  'tasks.completed': false,
  'tasks.overdue': true,
  'worklogs.hours': false,
  'money.spending': true,
  'money.account-balance': true,
};

/** The calendar day `now` falls on in `timeZone`. */
export function findToday(ctx: AppContext, timeZone: string): string {
  return format(new TZDate(ctx.clock.now().getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * What one refresh learns about the user's sources, asked once per source family however many
 * trackers follow it.
 */
export type SourceState = {
  userId: string;
  timeZone: string;
  today: string;
  dataVersion(family: Family): Promise<string>;
  userCurrencyId(): Promise<string>;
};

function memoize<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= read();
    return pending;
  };
}

export function createSourceState(
  ctx: AppContext,
  options: { userId: string; timeZone: string },
): SourceState {
  const { userId } = options;
  const versions: Record<Family, () => Promise<string>> = {
    tasks: memoize(() => getTaskDataVersion(ctx, { userId })),
    worklogs: memoize(() => getWorklogDataVersion(ctx, { userId })),
    money: memoize(() => getMoneyDataVersion(ctx, { userId })),
  };
  return {
    ...options,
    today: findToday(ctx, options.timeZone),
    dataVersion: (family) => versions[family](),
    userCurrencyId: memoize(() => getUserCurrencyId(ctx, { userId })),
  };
}

async function findSourceVersion(tracker: SystemTrackerRow, state: SourceState): Promise<string> {
  const source = tracker.systemSource;
  const family = familyOf[source];
  return [
    source,
    tracker.systemSourceKey ?? '',
    state.timeZone,
    followsCalendar[source] ? state.today : '',
    family === 'money' ? await state.userCurrencyId() : '',
    await state.dataVersion(family),
  ].join('|');
}

function readSourceValues(
  ctx: AppContext,
  tracker: SystemTrackerRow,
  state: SourceState,
): Promise<DailyValue[]> {
  const { userId, timeZone, today } = state;
  switch (tracker.systemSource) {
    case 'tasks.completed':
      return getCompletedTasksPerDay(ctx, { userId, timeZone });
    case 'tasks.overdue':
      return getOverdueTasksPerDay(ctx, { userId, timeZone, today });
    case 'worklogs.hours':
      return getHoursPerDay(ctx, { userId });
    case 'money.spending':
      return getSpendingPerDay(ctx, { userId });
    case 'money.account-balance':
      if (!tracker.systemSourceKey) return Promise.resolve([]);
      return getAccountBalancePerDay(ctx, { userId, accountId: tracker.systemSourceKey, to: today });
  }
}

/**
 * Recomputes one system tracker's values when its source moved since they were computed (or always,
 * with `isForced`), then the calculated trackers that read it, for the days that changed.
 */
export async function refreshSystemTracker(
  ctx: AppContext,
  options: { tracker: SystemTrackerRow; state: SourceState; isForced?: boolean },
): Promise<void> {
  const { tracker, state } = options;
  // Read before the values: data changed in between leaves an older fingerprint, so the next refresh runs again.
  const version = await findSourceVersion(tracker, state);
  if (!options.isForced && version === tracker.systemSourceVersion) return;
  const values = await readSourceValues(ctx, tracker, state);
  const isMoney = familyOf[tracker.systemSource] === 'money';
  const days = await repository.replaceDailyValues(ctx.db, {
    userId: state.userId,
    trackerId: tracker.id,
    timeZone: state.timeZone,
    values,
    version,
    currencyId: isMoney ? await state.userCurrencyId() : null,
    at: ctx.clock.now(),
  });
  if (days.length > 0) {
    await recalculateDependents(ctx, {
      userId: state.userId,
      trackerId: tracker.id,
      days: [...new Set(days)].sort(),
      timeZone: state.timeZone,
    });
  }
}
