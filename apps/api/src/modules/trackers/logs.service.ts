import type {
  CreateTrackerLogBody,
  ListTrackerLogsQuery,
  TrackerLog,
  TrackerLogPage,
  UpdateTrackerLogBody,
} from '@cairn/contracts/trackers';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { hasChanges } from '../../db/changes';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { formatDecimal } from '../../lib/decimal';
import { requireOwned } from '../../lib/require-owned';
import { resolveTimeZone } from '../users/users.service';
import { recalculateDependents } from './calculated-trackers.service';
import type { TrackerRow } from './definitions.repository';
import { getTrackerRow } from './definitions.service';
import { decodeLogCursor, encodeLogCursor } from './log-cursor';
import type { LogListingRow } from './logs.repository';
import * as repository from './logs.repository';
import { refreshSystemTrackers } from './system-sources.service';
import { refusingBrokenReferences } from './tracker-db-errors';

/**
 * Tracker logs: the values a user records by hand. A calculated tracker's values come from its
 * sources and a system tracker's from the user's data, so neither takes, nor lets anyone edit, a
 * value by hand. Each change recomputes the calculated trackers that read the tracker, for the
 * calendar days it touched.
 */

export type LogScope = { userId: string; logId: string };
type Zone = { userId: string; requestTimeZone: string | undefined };

const DEFAULT_PAGE_SIZE = 50;

export function toLog(row: LogListingRow): TrackerLog {
  return {
    id: row.id,
    trackerId: row.trackerId,
    value: formatDecimal(row.value),
    note: row.note,
    logDate: row.logDate,
    calculatedDay: row.calculatedDay,
    isOutOfBounds: row.isOutOfBounds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function getLog(ctx: AppContext, scope: LogScope): Promise<TrackerLog> {
  return toLog(requireOwned(await repository.findLog(ctx.db, scope), 'Tracker log'));
}

/** Calculated and system trackers get their values from elsewhere: a 409 saying where. */
function assertTakesHandLogs(tracker: TrackerRow): void {
  if (tracker.isCalculated) {
    throw new AppError('CONFLICT', 'Values of a calculated tracker are computed from its sources');
  }
  if (tracker.isSystem) throw new AppError('CONFLICT', 'Values of a system tracker follow your data');
}

/** The calendar day an instant falls on in a time zone, as YYYY-MM-DD. */
export function toCalendarDay(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

async function recalculateDays(
  ctx: AppContext,
  options: Zone & { trackerId: string; instants: Date[] },
): Promise<void> {
  const timeZone = await resolveTimeZone(ctx, options);
  const days = [...new Set(options.instants.map((instant) => toCalendarDay(instant, timeZone)))].sort();
  await recalculateDependents(ctx, { userId: options.userId, trackerId: options.trackerId, days, timeZone });
}

const blankToNull = (value: string | null | undefined) => (value === '' ? null : value);

export async function createLog(
  ctx: AppContext,
  options: Zone & { body: CreateTrackerLogBody },
): Promise<TrackerLog> {
  const { userId, body } = options;
  const now = ctx.clock.now();
  const logDate = body.logDate === undefined ? now : new Date(body.logDate);
  const row = await inTransaction(ctx, async (tx) => {
    // Locked, so a switch to a calculated tracker cannot slip in between the check and the insert;
    // shared, so logs added at once (two devices, an import script) do not queue behind each other.
    const tracker = await getTrackerRow(tx, { userId, trackerId: body.trackerId, lock: 'share' });
    assertTakesHandLogs(tracker);
    return refusingBrokenReferences(() =>
      repository.insertLog(tx.db, {
        userId,
        trackerId: tracker.id,
        value: body.value,
        note: blankToNull(body.note) ?? null,
        logDate,
        createdAt: now,
        updatedAt: now,
      }),
    );
  });
  await recalculateDays(ctx, { ...options, trackerId: row.trackerId, instants: [logDate] });
  return getLog(ctx, { userId, logId: row.id });
}

export async function updateLog(
  ctx: AppContext,
  options: LogScope & { requestTimeZone: string | undefined; changes: UpdateTrackerLogBody },
): Promise<TrackerLog> {
  const { userId, logId, changes } = options;
  // An empty change is a valid request that changes nothing, not even the time of the last change.
  if (!hasChanges(changes)) return getLog(ctx, options);
  const { before, after } = await inTransaction(ctx, async (tx) => {
    const row = requireOwned(await repository.findLogForUpdate(tx.db, options), 'Tracker log');
    assertTakesHandLogs(await getTrackerRow(tx, { userId, trackerId: row.trackerId }));
    const logDate = changes.logDate === undefined ? undefined : new Date(changes.logDate);
    await repository.updateLog(tx.db, {
      userId,
      logId,
      changes: { value: changes.value, note: blankToNull(changes.note), logDate },
      at: tx.clock.now(),
    });
    return { before: row, after: logDate ?? row.logDate };
  });
  await recalculateDays(ctx, { ...options, trackerId: before.trackerId, instants: [before.logDate, after] });
  return getLog(ctx, options);
}

export async function deleteLog(
  ctx: AppContext,
  options: LogScope & { requestTimeZone: string | undefined },
): Promise<void> {
  const { userId } = options;
  const deleted = await inTransaction(ctx, async (tx) => {
    const row = requireOwned(await repository.findLogForUpdate(tx.db, options), 'Tracker log');
    assertTakesHandLogs(await getTrackerRow(tx, { userId, trackerId: row.trackerId }));
    if (!(await repository.deleteLog(tx.db, options))) throw notFound('Tracker log');
    return row;
  });
  await recalculateDays(ctx, { ...options, trackerId: deleted.trackerId, instants: [deleted.logDate] });
}

/** One page of logs, newest first; `from` and `to` are calendar days in the user's time zone. */
export async function listLogs(
  ctx: AppContext,
  options: Zone & { query: ListTrackerLogsQuery },
): Promise<TrackerLogPage> {
  const { userId, query } = options;
  if (query.trackerId) await getTrackerRow(ctx, { userId, trackerId: query.trackerId });
  const after = query.cursor ? decodeLogCursor(query.cursor) : undefined;
  const timeZone = await resolveTimeZone(ctx, options);
  // System trackers' values follow the data they come from; bring them up to date before reading.
  await refreshSystemTrackers(ctx, { userId, timeZone });
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await repository.findLogPage(ctx.db, {
    filter: { userId, trackerId: query.trackerId, from: query.from, to: query.to, timeZone },
    after,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toLog),
    nextCursor: rows.length > limit && last ? encodeLogCursor([last.logDate.toISOString(), last.id]) : null,
  };
}
