import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { reusableSelect } from '../../lib/prepared-query';
import { trackerDashboard, trackerLogs, trackerSources, trackers } from './trackers.table';

export type TrackerRow = typeof trackers.$inferSelect;
export type NewTrackerRow = typeof trackers.$inferInsert;
export type TrackerChanges = Partial<
  Pick<
    TrackerRow,
    | 'name'
    | 'valueFormat'
    | 'currencyId'
    | 'unit'
    | 'note'
    | 'lowerBoundary'
    | 'upperBoundary'
    | 'groupId'
    | 'priority'
    | 'origin'
    | 'isCalculated'
    | 'calculationFormula'
  >
>;

/** A tracker as read views show it: with its number of logs and its newest one. */
export type TrackerViewRow = TrackerRow & {
  logCount: number;
  lastLogId: string | null;
  lastLogValue: string | null;
  lastLogDate: Date | null;
};

const byUserAndId = (userId: string, trackerId: string) =>
  and(eq(trackers.userId, userId), eq(trackers.id, trackerId));

/**
 * The user's trackers (one, or a group's, when asked) by priority then name, each with its log count
 * and newest log (latest logDate, then id), read through the covering index per tracker.
 */
export function findTrackerViews(
  db: Db,
  options: { userId: string; trackerId?: string; groupId?: string },
): Promise<TrackerViewRow[]> {
  const stats = db
    .select({ logCount: sql<number>`count(*)`.mapWith(Number).as('log_count') })
    .from(trackerLogs)
    .where(and(eq(trackerLogs.userId, trackers.userId), eq(trackerLogs.trackerId, trackers.id)))
    .as('stats');
  const last = db
    .select({
      lastLogId: sql<string>`${trackerLogs.id}`.as('last_log_id'),
      lastLogValue: sql<string>`${trackerLogs.value}`.as('last_log_value'),
      lastLogDate: sql<Date>`${trackerLogs.logDate}`.mapWith(trackerLogs.logDate).as('last_log_date'),
    })
    .from(trackerLogs)
    .where(and(eq(trackerLogs.userId, trackers.userId), eq(trackerLogs.trackerId, trackers.id)))
    .orderBy(desc(trackerLogs.logDate), desc(trackerLogs.id))
    .limit(1)
    .as('last_log');
  return db
    .select({
      userId: trackers.userId,
      id: trackers.id,
      name: trackers.name,
      valueFormat: trackers.valueFormat,
      currencyId: trackers.currencyId,
      unit: trackers.unit,
      note: trackers.note,
      lowerBoundary: trackers.lowerBoundary,
      upperBoundary: trackers.upperBoundary,
      groupId: trackers.groupId,
      priority: trackers.priority,
      origin: trackers.origin,
      isSystem: trackers.isSystem,
      systemSource: trackers.systemSource,
      systemSourceKey: trackers.systemSourceKey,
      systemSourceVersion: trackers.systemSourceVersion,
      isCalculated: trackers.isCalculated,
      calculationFormula: trackers.calculationFormula,
      lastRecalculationDate: trackers.lastRecalculationDate,
      dailyRecalculationCount: trackers.dailyRecalculationCount,
      createdAt: trackers.createdAt,
      updatedAt: trackers.updatedAt,
      logCount: stats.logCount,
      lastLogId: last.lastLogId,
      lastLogValue: last.lastLogValue,
      lastLogDate: last.lastLogDate,
    })
    .from(trackers)
    .leftJoinLateral(stats, sql`true`)
    .leftJoinLateral(last, sql`true`)
    .where(
      and(
        eq(trackers.userId, options.userId),
        options.trackerId ? eq(trackers.id, options.trackerId) : undefined,
        options.groupId ? eq(trackers.groupId, options.groupId) : undefined,
      ),
    )
    .orderBy(asc(trackers.priority), asc(trackers.name), asc(trackers.id));
}

/** The source trackers of each calculated tracker (of the given ones, or all the user's), in position order. */
export async function findSourceIds(
  db: Db,
  options: { userId: string; trackerIds?: readonly string[] },
): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ trackerId: trackerSources.trackerId, sourceTrackerId: trackerSources.sourceTrackerId })
    .from(trackerSources)
    .where(
      and(
        eq(trackerSources.userId, options.userId),
        options.trackerIds ? inArray(trackerSources.trackerId, [...options.trackerIds]) : undefined,
      ),
    )
    .orderBy(asc(trackerSources.trackerId), asc(trackerSources.position));
  const sources = new Map<string, string[]>();
  for (const row of rows) {
    const list = sources.get(row.trackerId) ?? [];
    list.push(row.sourceTrackerId);
    sources.set(row.trackerId, list);
  }
  return sources;
}

/** Built once each and reused in any transaction: every log written reads its tracker first. */
const selectTracker = (db: Db) =>
  db
    .select()
    .from(trackers)
    .where(
      and(eq(trackers.userId, sql.placeholder('userId')), eq(trackers.id, sql.placeholder('trackerId'))),
    );
const trackerById = reusableSelect<TrackerRow>(selectTracker);
const trackerByIdForUpdate = reusableSelect<TrackerRow>((db) => selectTracker(db).for('update'));
const trackerByIdForShare = reusableSelect<TrackerRow>((db) => selectTracker(db).for('share'));

/**
 * How a tracker's row is locked until the transaction ends: `update` for a change to the tracker
 * itself, `share` for work that only needs it to stay as it is (several may hold it at once).
 */
export type TrackerLock = 'update' | 'share';

/** One tracker's row, locked as asked. */
export async function findTracker(
  db: Db,
  options: { userId: string; trackerId: string; lock?: TrackerLock },
): Promise<TrackerRow | undefined> {
  const find =
    options.lock === 'update'
      ? trackerByIdForUpdate
      : options.lock === 'share'
        ? trackerByIdForShare
        : trackerById;
  const [row] = await find(db, { userId: options.userId, trackerId: options.trackerId });
  return row;
}

/** Those of the ids that are the user's trackers. */
export async function findTrackerIdsAmong(
  db: Db,
  options: { userId: string; trackerIds: readonly string[] },
): Promise<string[]> {
  if (options.trackerIds.length === 0) return [];
  const rows = await db
    .select({ id: trackers.id })
    .from(trackers)
    .where(and(eq(trackers.userId, options.userId), inArray(trackers.id, [...options.trackerIds])));
  return rows.map((row) => row.id);
}

export async function findTrackerIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: trackers.id }).from(trackers).where(eq(trackers.userId, userId));
  return rows.map((row) => row.id);
}

/** The highest priority among the user's trackers; undefined when there are none. */
export async function findLastTrackerPriority(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ priority: sql<number | null>`max(${trackers.priority})` })
    .from(trackers)
    .where(eq(trackers.userId, userId));
  return row?.priority ?? undefined;
}

export async function insertTracker(db: Db, values: NewTrackerRow): Promise<TrackerRow> {
  const [row] = await db.insert(trackers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateTracker(
  db: Db,
  options: { userId: string; trackerId: string; changes: TrackerChanges; at: Date },
): Promise<TrackerRow | undefined> {
  const [row] = await db
    .update(trackers)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byUserAndId(options.userId, options.trackerId))
    .returning();
  return row;
}

/** Replaces a tracker's sources with the given ones, in that order (none: it reads no tracker). */
export async function replaceSources(
  db: Db,
  options: { userId: string; trackerId: string; sourceTrackerIds: readonly string[] },
): Promise<void> {
  const { userId, trackerId } = options;
  await db
    .delete(trackerSources)
    .where(and(eq(trackerSources.userId, userId), eq(trackerSources.trackerId, trackerId)));
  if (options.sourceTrackerIds.length === 0) return;
  await db.insert(trackerSources).values(
    options.sourceTrackerIds.map((sourceTrackerId, position) => ({
      userId,
      trackerId,
      sourceTrackerId,
      position,
    })),
  );
}

/** The names of the other trackers whose formulas read this one, by name. */
export async function findDependentNames(
  db: Db,
  options: { userId: string; trackerId: string },
): Promise<string[]> {
  const rows = await db
    .select({ name: trackers.name })
    .from(trackerSources)
    .innerJoin(
      trackers,
      and(eq(trackers.userId, trackerSources.userId), eq(trackers.id, trackerSources.trackerId)),
    )
    .where(
      and(
        eq(trackerSources.userId, options.userId),
        eq(trackerSources.sourceTrackerId, options.trackerId),
        ne(trackerSources.trackerId, options.trackerId),
      ),
    )
    .orderBy(asc(trackers.name), asc(trackers.id));
  return rows.map((row) => row.name);
}

export type DependentFormula = {
  id: string;
  name: string;
  calculationFormula: string | null;
  /** Its other sources (not the tracker asked about), with their names. */
  otherSources: { id: string; name: string }[];
};

/**
 * The calculated trackers that read this one, with their formulas and other sources, locked until
 * the transaction ends so their formulas can be rewritten.
 */
export async function findDependentFormulasForUpdate(
  db: Db,
  options: { userId: string; trackerId: string },
): Promise<DependentFormula[]> {
  const { userId, trackerId } = options;
  const dependents = await db
    .select({ id: trackers.id, name: trackers.name, calculationFormula: trackers.calculationFormula })
    .from(trackerSources)
    .innerJoin(
      trackers,
      and(eq(trackers.userId, trackerSources.userId), eq(trackers.id, trackerSources.trackerId)),
    )
    .where(
      and(
        eq(trackerSources.userId, userId),
        eq(trackerSources.sourceTrackerId, trackerId),
        ne(trackerSources.trackerId, trackerId),
      ),
    )
    .orderBy(asc(trackers.name), asc(trackers.id))
    .for('update', { of: trackers });
  if (dependents.length === 0) return [];
  const others = await db
    .select({ dependentId: trackerSources.trackerId, id: trackers.id, name: trackers.name })
    .from(trackerSources)
    .innerJoin(
      trackers,
      and(eq(trackers.userId, trackerSources.userId), eq(trackers.id, trackerSources.sourceTrackerId)),
    )
    .where(
      and(
        eq(trackerSources.userId, userId),
        inArray(
          trackerSources.trackerId,
          dependents.map((dependent) => dependent.id),
        ),
        ne(trackerSources.sourceTrackerId, trackerId),
      ),
    )
    .orderBy(asc(trackerSources.position));
  return dependents.map((dependent) => ({
    ...dependent,
    otherSources: others
      .filter((source) => source.dependentId === dependent.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

/** Whether the tracker has a value logged by hand (not one computed for a day). */
export async function hasHandLoggedValues(
  db: Db,
  options: { userId: string; trackerId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: trackerLogs.id })
    .from(trackerLogs)
    .where(
      and(
        eq(trackerLogs.userId, options.userId),
        eq(trackerLogs.trackerId, options.trackerId),
        isNull(trackerLogs.calculatedDay),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes the values computed for a tracker's days; returns those days. */
export async function deleteCalculatedValues(
  db: Db,
  options: { userId: string; trackerId: string },
): Promise<string[]> {
  const rows = await db
    .delete(trackerLogs)
    .where(
      and(
        eq(trackerLogs.userId, options.userId),
        eq(trackerLogs.trackerId, options.trackerId),
        isNotNull(trackerLogs.calculatedDay),
      ),
    )
    .returning({ day: trackerLogs.calculatedDay });
  return rows.flatMap((row) => (row.day === null ? [] : [row.day]));
}

/**
 * Takes a tracker out of every dashboard chart that shows it (keeping the others' order), and deletes
 * the charts left showing none.
 */
export async function removeTrackerFromCharts(
  db: Db,
  options: { userId: string; trackerId: string; at: Date },
): Promise<void> {
  const { userId, trackerId, at } = options;
  const id = sql`to_jsonb(${trackerId}::text)`;
  await queryRows(
    db,
    sql`update ${trackerDashboard}
      set config = jsonb_set(config, '{trackerIds}', coalesce((
            select jsonb_agg(element order by position)
            from jsonb_array_elements(config -> 'trackerIds') with ordinality as kept(element, position)
            where element <> ${id}
          ), '[]'::jsonb)),
        updated_at = ${at.toISOString()}::timestamptz
      where user_id = ${userId} and config -> 'trackerIds' @> jsonb_build_array(${id})`,
  );
  await db
    .delete(trackerDashboard)
    .where(
      and(
        eq(trackerDashboard.userId, userId),
        sql`jsonb_array_length(coalesce(${trackerDashboard.config} -> 'trackerIds', '[]'::jsonb)) = 0`,
      ),
    );
}

/** Deletes a tracker; its logs and its own source rows go with it (their keys cascade). */
export async function deleteTracker(
  db: Db,
  options: { userId: string; trackerId: string },
): Promise<boolean> {
  const rows = await db
    .delete(trackers)
    .where(byUserAndId(options.userId, options.trackerId))
    .returning({ id: trackers.id });
  return rows.length > 0;
}
