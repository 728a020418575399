import { and, count, desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientErrorReports } from './client-errors.table';

export type ClientErrorReportRow = typeof clientErrorReports.$inferSelect;
export type NewClientErrorReport = Omit<typeof clientErrorReports.$inferInsert, 'id'>;

/**
 * Stores what one sender may still store in its window, and prunes past the retention, in the
 * caller's transaction. The lock per sender makes processes sharing the database count one after
 * another, so together they never store more than `maxPerWindow`. Reports are no user's data: these
 * queries span users by design, and only administrators read them.
 */
export async function insertWithinLimit(
  db: Db,
  options: {
    senderHash: string;
    reports: NewClientErrorReport[];
    windowStart: Date;
    maxPerWindow: number;
    keepAfter: Date;
    keepNewest: number;
  },
): Promise<number> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`client-errors:${options.senderHash}`}, 0))`,
  );
  const [row] = await db
    .select({ stored: count() })
    .from(clientErrorReports)
    .where(
      and(
        sql`${clientErrorReports.senderHash} = ${options.senderHash}`,
        gt(clientErrorReports.receivedAt, options.windowStart),
      ),
    );
  const room = Math.max(0, options.maxPerWindow - (row?.stored ?? 0));
  const accepted = options.reports.slice(0, room);
  if (accepted.length === 0) return 0;
  await db.insert(clientErrorReports).values(accepted);
  // Both bounds walk the received_at index from its newest end: cheap at every insert.
  await db.delete(clientErrorReports).where(
    sql`${clientErrorReports.receivedAt} < ${options.keepAfter.toISOString()}::timestamptz
        or ${clientErrorReports.id} in (
          select ${clientErrorReports.id} from ${clientErrorReports}
          order by ${clientErrorReports.receivedAt} desc, ${clientErrorReports.id} desc
          offset ${options.keepNewest})`,
  );
  return accepted.length;
}

/** receivedAt to the microsecond, as a cursor keeps it. */
const receivedAtKey = sql<string>`to_char(${clientErrorReports.receivedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Newest first; `after` is the last row of the page before (its receivedAt key and id). */
export function findReportPage(
  db: Db,
  options: { after: [string, string] | undefined; limit: number },
): Promise<(ClientErrorReportRow & { receivedAtKey: string })[]> {
  const [receivedAt, id] = options.after ?? [];
  return db
    .select({
      id: clientErrorReports.id,
      receivedAt: clientErrorReports.receivedAt,
      message: clientErrorReports.message,
      stack: clientErrorReports.stack,
      url: clientErrorReports.url,
      release: clientErrorReports.release,
      browser: clientErrorReports.browser,
      userId: clientErrorReports.userId,
      senderHash: clientErrorReports.senderHash,
      receivedAtKey,
    })
    .from(clientErrorReports)
    .where(
      options.after
        ? sql`(${clientErrorReports.receivedAt}, ${clientErrorReports.id}) < (${receivedAt}::timestamptz, ${id}::uuid)`
        : undefined,
    )
    .orderBy(desc(clientErrorReports.receivedAt), desc(clientErrorReports.id))
    .limit(options.limit);
}
