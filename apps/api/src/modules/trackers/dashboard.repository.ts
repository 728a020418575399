import type { ChartConfig } from '@cairn/contracts/trackers';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { trackerDashboard, trackers } from './trackers.table';

export type ChartRow = Omit<typeof trackerDashboard.$inferSelect, 'config'> & { config: ChartConfig };
export type NewChartRow = Omit<typeof trackerDashboard.$inferInsert, 'config'> & { config: ChartConfig };
export type ChartChanges = Partial<Pick<ChartRow, 'name' | 'chartType' | 'position' | 'size' | 'config'>>;

const byUserAndId = (userId: string, chartId: string) =>
  and(eq(trackerDashboard.userId, userId), eq(trackerDashboard.id, chartId));

// Positions are "x,y" as the contract checks them on the way in; the grid reads rows top to bottom.
const row = sql`split_part(${trackerDashboard.position}, ',', 2)::int`;
const column = sql`split_part(${trackerDashboard.position}, ',', 1)::int`;

/** The user's charts, top to bottom and left to right. */
export async function findCharts(db: Db, userId: string): Promise<ChartRow[]> {
  const rows = await db
    .select()
    .from(trackerDashboard)
    .where(eq(trackerDashboard.userId, userId))
    .orderBy(asc(row), asc(column), asc(trackerDashboard.createdAt), asc(trackerDashboard.id));
  return rows as ChartRow[];
}

export async function findChart(
  db: Db,
  options: { userId: string; chartId: string; isForUpdate?: boolean },
): Promise<ChartRow | undefined> {
  const query = db.select().from(trackerDashboard).where(byUserAndId(options.userId, options.chartId));
  const [found] = await (options.isForUpdate ? query.for('update') : query);
  return found as ChartRow | undefined;
}

/** The row just below the lowest chart (y + height of the chart reaching furthest down), 0 when none. */
export async function findDashboardBottom(db: Db, userId: string): Promise<number> {
  const [found] = await queryRows<{ bottom: number | string | null }>(
    db,
    sql`select max(split_part(${trackerDashboard.position}, ',', 2)::int
                   + split_part(${trackerDashboard.size}, ',', 2)::int) as bottom
          from ${trackerDashboard}
         where ${trackerDashboard.userId} = ${userId}`,
  );
  return Number(found?.bottom ?? 0);
}

/** Which of the ids are the user's trackers. */
export async function findOwnedTrackerIds(
  db: Db,
  options: { userId: string; trackerIds: readonly string[] },
): Promise<string[]> {
  if (options.trackerIds.length === 0) return [];
  const rows = await db
    .select({ id: trackers.id })
    .from(trackers)
    .where(and(eq(trackers.userId, options.userId), inArray(trackers.id, [...options.trackerIds])));
  return rows.map((found) => found.id);
}

/** Which of the ids are the user's charts, locked until the transaction ends. */
export async function lockOwnedChartIds(
  db: Db,
  options: { userId: string; chartIds: readonly string[] },
): Promise<string[]> {
  const rows = await db
    .select({ id: trackerDashboard.id })
    .from(trackerDashboard)
    .where(
      and(eq(trackerDashboard.userId, options.userId), inArray(trackerDashboard.id, [...options.chartIds])),
    )
    .for('update');
  return rows.map((found) => found.id);
}

export async function insertChart(db: Db, values: NewChartRow): Promise<ChartRow> {
  const [inserted] = await db.insert(trackerDashboard).values(values).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted as ChartRow;
}

export async function updateChart(
  db: Db,
  options: { userId: string; chartId: string; changes: ChartChanges; at: Date },
): Promise<ChartRow | undefined> {
  const [updated] = await db
    .update(trackerDashboard)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byUserAndId(options.userId, options.chartId))
    .returning();
  return updated as ChartRow | undefined;
}

/** Whether a chart was deleted (false: none of the user's has that id). */
export async function deleteChart(db: Db, options: { userId: string; chartId: string }): Promise<boolean> {
  const rows = await db
    .delete(trackerDashboard)
    .where(byUserAndId(options.userId, options.chartId))
    .returning({ id: trackerDashboard.id });
  return rows.length > 0;
}

/** Serializes placing new charts of one user, so two added at once do not land in the same cell. */
export async function lockDashboard(db: Db, userId: string): Promise<void> {
  await queryRows(
    db,
    sql`select pg_advisory_xact_lock(hashtextextended(${`tracker-dashboard:${userId}`}, 0))`,
  );
}

/** Moves and resizes the listed charts of the user in one statement. */
export async function updateChartLayout(
  db: Db,
  options: { userId: string; items: readonly { id: string; position: string; size: string }[]; at: Date },
): Promise<void> {
  await queryRows(
    db,
    sql`update ${trackerDashboard} d
           set position = v.position, size = v.size, updated_at = ${options.at.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(options.items)}::jsonb) as v(id uuid, position text, size text)
         where d.user_id = ${options.userId} and d.id = v.id`,
  );
}
