import type { PlanLimitKey } from '@cairn/contracts/plans';
import type { Plan } from '@cairn/contracts/users';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { attachments } from '../attachments/attachments.table';
import { lists } from '../lists/lists.table';
import { pushSubscriptions } from '../push/push.table';
import { trackerDashboard, trackers } from '../trackers/trackers.table';
import { users } from '../users/users.table';
import { worklogProjects } from '../worklogs/worklogs.table';

/**
 * Read-only counts over other areas' tables: what a plan limits spans every area, and one statement
 * reads it all, where a call into each area's service would be one query per area.
 */

export type PlanUsageCounts = Record<PlanLimitKey, number>;

/** Each limit's current use by one user, as one scalar subquery. */
const usageQueries: Record<PlanLimitKey, (userId: string) => SQL> = {
  lists: (userId) => sql`(select count(*) from ${lists} where ${lists.userId} = ${userId})`,
  // System trackers count: each one exists because the user switched its source on.
  trackers: (userId) => sql`(select count(*) from ${trackers} where ${trackers.userId} = ${userId})`,
  dashboardCharts: (userId) =>
    sql`(select count(*) from ${trackerDashboard} where ${trackerDashboard.userId} = ${userId})`,
  // Ended projects count: they stay in reports and can be reopened, so they still take a slot.
  worklogProjects: (userId) =>
    sql`(select count(*) from ${worklogProjects} where ${worklogProjects.userId} = ${userId})`,
  attachmentStorageBytes: (userId) =>
    sql`(select coalesce(sum(${attachments.fileSize}), 0) from ${attachments} where ${attachments.userId} = ${userId})`,
  // A device the push service retired takes no notifications, so it takes no slot either.
  pushDevices: (userId) =>
    sql`(select count(*) from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId} and ${pushSubscriptions.isActive})`,
};

/** The use of the given limits (all by default), counted in one statement. */
export async function countUsage(
  db: Db,
  options: { userId: string; keys: readonly PlanLimitKey[] },
): Promise<Partial<PlanUsageCounts>> {
  const { userId, keys } = options;
  const columns = sql.join(
    keys.map((key) => sql`${usageQueries[key](userId)}::text as ${sql.identifier(key)}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, string>>(db, sql`select ${columns}`);
  // Sums of bytes are bigint; as text they pass both drivers unchanged (a gigabyte count fits a number).
  return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)]));
}

/**
 * The user's plan, with the user's row locked until the transaction ends, so two creates counting
 * at once take turns. FOR NO KEY UPDATE: it still lets other inserts check their foreign key to
 * the user (FOR KEY SHARE), so only the plan checks queue up, and two of those never deadlock.
 */
export async function lockUserPlan(db: Db, userId: string): Promise<Plan | undefined> {
  const [row] = await db
    .select({ plan: users.plan })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row?.plan;
}
