import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertReturning } from '../../lib/prepared-query';
import { trackerLogs, trackers } from './trackers.table';

export type LogRow = typeof trackerLogs.$inferSelect;
export type NewLogRow = typeof trackerLogs.$inferInsert;
export type LogChanges = Partial<Pick<LogRow, 'value' | 'note' | 'logDate'>>;

/** A log as read views show it: flagged when outside its tracker's current boundaries. */
export type LogListingRow = LogRow & { isOutOfBounds: boolean };

const isOutOfBounds = sql<boolean>`(
  (${trackers.lowerBoundary} is not null and ${trackerLogs.value} < ${trackers.lowerBoundary})
  or (${trackers.upperBoundary} is not null and ${trackerLogs.value} > ${trackers.upperBoundary})
)`;

function selectListing(db: Db) {
  return db
    .select({
      userId: trackerLogs.userId,
      id: trackerLogs.id,
      trackerId: trackerLogs.trackerId,
      value: trackerLogs.value,
      note: trackerLogs.note,
      logDate: trackerLogs.logDate,
      calculatedDay: trackerLogs.calculatedDay,
      createdAt: trackerLogs.createdAt,
      updatedAt: trackerLogs.updatedAt,
      isOutOfBounds,
    })
    .from(trackerLogs)
    .innerJoin(
      trackers,
      and(eq(trackers.userId, trackerLogs.userId), eq(trackers.id, trackerLogs.trackerId)),
    );
}

export async function findLog(
  db: Db,
  options: { userId: string; logId: string },
): Promise<LogListingRow | undefined> {
  const [row] = await selectListing(db).where(
    and(eq(trackerLogs.userId, options.userId), eq(trackerLogs.id, options.logId)),
  );
  return row;
}

/** The log alone, locked until the transaction ends, so two edits of it land one after the other. */
export async function findLogForUpdate(
  db: Db,
  options: { userId: string; logId: string },
): Promise<LogRow | undefined> {
  const [row] = await db
    .select()
    .from(trackerLogs)
    .where(and(eq(trackerLogs.userId, options.userId), eq(trackerLogs.id, options.logId)))
    .for('update');
  return row;
}

/** Which logs a list shows: of one tracker or all, between two calendar days of a time zone (both included). */
export type LogFilter = {
  userId: string;
  trackerId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
};

/**
 * A page of logs, newest first (logDate, then id); `after` is the previous page's last row. Days
 * become instants in SQL (`at time zone`), so a day that is 23 or 25 hours long is whole.
 */
export function findLogPage(
  db: Db,
  options: { filter: LogFilter; after: [string, string] | undefined; limit: number },
): Promise<LogListingRow[]> {
  const { filter } = options;
  const conditions: (SQL | undefined)[] = [
    eq(trackerLogs.userId, filter.userId),
    filter.trackerId ? eq(trackerLogs.trackerId, filter.trackerId) : undefined,
    filter.from
      ? sql`${trackerLogs.logDate} >= (${filter.from}::date)::timestamp at time zone ${filter.timeZone}`
      : undefined,
    filter.to
      ? sql`${trackerLogs.logDate} < (${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone}`
      : undefined,
  ];
  if (options.after) {
    const [logDate, id] = options.after;
    conditions.push(
      sql`(${trackerLogs.logDate}, ${trackerLogs.id}) < (${logDate}::timestamptz, ${id}::uuid)`,
    );
  }
  return selectListing(db)
    .where(and(...conditions))
    .orderBy(desc(trackerLogs.logDate), desc(trackerLogs.id))
    .limit(options.limit);
}

/** Built once per shape of row, reused in any transaction. */
const insertLogRow = insertReturning(trackerLogs);

export async function insertLog(db: Db, values: NewLogRow): Promise<LogRow> {
  const [row] = await insertLogRow(db, values);
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateLog(
  db: Db,
  options: { userId: string; logId: string; changes: LogChanges; at: Date },
): Promise<void> {
  await db
    .update(trackerLogs)
    .set({ ...options.changes, updatedAt: options.at })
    .where(and(eq(trackerLogs.userId, options.userId), eq(trackerLogs.id, options.logId)));
}

/** The deleted log, or undefined when there was none to delete. */
export async function deleteLog(
  db: Db,
  options: { userId: string; logId: string },
): Promise<LogRow | undefined> {
  const [row] = await db
    .delete(trackerLogs)
    .where(and(eq(trackerLogs.userId, options.userId), eq(trackerLogs.id, options.logId)))
    .returning();
  return row;
}
