import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { newId } from '../../db/ids';
import { trackerSources, trackers } from './trackers.table';

/**
 * Reads and writes of calculated trackers: their sources, the graph of which tracker reads which
 * (walked with recursive queries), each source's value per calendar day, and the one row per day a
 * calculated tracker keeps in tracker_logs. Every query is scoped by user_id.
 */

export type SourceTracker = { id: string; name: string };

export type CalculationRow = {
  id: string;
  isCalculated: boolean;
  calculationFormula: string | null;
  lastRecalculationDate: string | null;
  dailyRecalculationCount: number;
  /** In the user's order. */
  sources: SourceTracker[];
};

export type DayValue = { trackerId: string; day: string; value: string };
export type SourceEdge = { trackerId: string; sourceTrackerId: string };

/** A Postgres array literal of ids or days (all plain tokens), sent as one parameter however long. */
const arrayLiteral = (items: readonly string[]) => `{${items.join(',')}}`;

/** The user's trackers among `trackerIds` (others' and missing ones are simply not there). */
export function findTrackerNames(
  db: Db,
  options: { userId: string; trackerIds: readonly string[] },
): Promise<SourceTracker[]> {
  if (options.trackerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: trackers.id, name: trackers.name })
    .from(trackers)
    .where(and(eq(trackers.userId, options.userId), inArray(trackers.id, [...options.trackerIds])));
}

/** A tracker's formula, recalculation count and sources; undefined when it is not the user's. */
export async function findCalculation(
  db: Db,
  options: { userId: string; trackerId: string },
): Promise<CalculationRow | undefined> {
  const { userId, trackerId } = options;
  const [row] = await db
    .select({
      id: trackers.id,
      isCalculated: trackers.isCalculated,
      calculationFormula: trackers.calculationFormula,
      lastRecalculationDate: trackers.lastRecalculationDate,
      dailyRecalculationCount: trackers.dailyRecalculationCount,
    })
    .from(trackers)
    .where(and(eq(trackers.userId, userId), eq(trackers.id, trackerId)));
  if (!row) return undefined;
  const sources = await db
    .select({ id: trackers.id, name: trackers.name })
    .from(trackerSources)
    .innerJoin(
      trackers,
      and(eq(trackers.userId, trackerSources.userId), eq(trackers.id, trackerSources.sourceTrackerId)),
    )
    .where(and(eq(trackerSources.userId, userId), eq(trackerSources.trackerId, trackerId)))
    .orderBy(asc(trackerSources.position));
  return { ...row, sources };
}

/**
 * Whether `trackerId` is among `sourceTrackerIds` or the trackers they read, directly or through
 * other calculated trackers: saving those sources on it would close a cycle.
 */
export async function isReachableFromSources(
  db: Db,
  options: { userId: string; trackerId: string; sourceTrackerIds: readonly string[] },
): Promise<boolean> {
  const { userId } = options;
  // UNION (not UNION ALL) keeps each tracker once, so the walk ends even on a graph with a cycle.
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`with recursive reachable(id) as (
          select unnest(${arrayLiteral(options.sourceTrackerIds)}::uuid[])
          union
          select s.source_tracker_id
            from tracker_sources s
            join reachable r on s.tracker_id = r.id
           where s.user_id = ${userId}
        )
        select exists (select 1 from reachable where id = ${options.trackerId}::uuid) as found`,
  );
  return rows[0]?.found === true;
}

/**
 * The trackers that read `trackerId` directly or transitively, as the edges among them (and from
 * them to it): enough to order their recomputation so each comes after the trackers it reads.
 */
export function findDependentEdges(
  db: Db,
  options: { userId: string; trackerId: string },
): Promise<SourceEdge[]> {
  const { userId, trackerId } = options;
  return queryRows<SourceEdge>(
    db,
    sql`with recursive dependents(id) as (
          select s.tracker_id from tracker_sources s
           where s.user_id = ${userId} and s.source_tracker_id = ${trackerId}
          union
          select s.tracker_id
            from tracker_sources s
            join dependents d on s.source_tracker_id = d.id
           where s.user_id = ${userId}
        )
        select s.tracker_id as "trackerId", s.source_tracker_id as "sourceTrackerId"
          from tracker_sources s
         where s.user_id = ${userId} and s.tracker_id in (select id from dependents)`,
  );
}

/** The user's calculated trackers and the edges to what they read. */
export async function findCalculatedGraph(
  db: Db,
  userId: string,
): Promise<{ trackerIds: string[]; edges: SourceEdge[] }> {
  const [calculated, edges] = await Promise.all([
    db
      .select({ id: trackers.id })
      .from(trackers)
      .where(and(eq(trackers.userId, userId), eq(trackers.isCalculated, true))),
    db
      .select({ trackerId: trackerSources.trackerId, sourceTrackerId: trackerSources.sourceTrackerId })
      .from(trackerSources)
      .where(eq(trackerSources.userId, userId)),
  ]);
  return { trackerIds: calculated.map((row) => row.id), edges };
}

/** Users with at least one calculated tracker, for the daily job. */
export async function findUsersWithCalculatedTrackers(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: trackers.userId })
    .from(trackers)
    .where(eq(trackers.isCalculated, true))
    .orderBy(asc(trackers.userId));
  return rows.map((row) => row.userId);
}

/**
 * A log's calendar day: the day a calculated or system value stands for, or else the day its
 * logDate falls on in `timeZone`.
 */
const logDay = (timeZone: string) =>
  sql`coalesce(l.calculated_day, (l.log_date at time zone ${timeZone}::text)::date)`;

/**
 * Which log of a day is the day's value: the latest logDate, then id. Queries order by their output
 * column `day` (the day as text sorts as the day) rather than repeating the day's expression, which
 * DISTINCT ON would not recognise as the same with its parameters sent twice.
 */
const latestOfDay = sql`l.log_date desc, l.id desc`;

/**
 * Each source's value per day (its latest log of the day), on every day with a log or, given
 * `fromDay`, on every day from it on plus each source's latest value before it: the value it
 * carries into `fromDay`.
 */
export function findDayValues(
  db: Db,
  options: { userId: string; trackerIds: readonly string[]; timeZone: string; fromDay?: string },
): Promise<DayValue[]> {
  const { userId, timeZone, fromDay } = options;
  if (options.trackerIds.length === 0) return Promise.resolve([]);
  const ofSources = sql`l.user_id = ${userId} and l.tracker_id = any(${arrayLiteral(options.trackerIds)}::uuid[])`;
  const day = logDay(timeZone);
  if (fromDay === undefined) {
    return queryRows<DayValue>(
      db,
      sql`select distinct on (l.tracker_id, day)
                 l.tracker_id as "trackerId", to_char(${day}, 'YYYY-MM-DD') as day, l.value::text as value
            from tracker_logs l
           where ${ofSources}
           order by l.tracker_id, day, ${latestOfDay}`,
    );
  }
  // The bounds on log_date, a day wider than asked, let the index on it narrow the scan; the day
  // itself is then decided exactly. (A calculated day sits at noon of its day in some zone, well
  // inside that margin.)
  return queryRows<DayValue>(
    db,
    sql`(select distinct on (l.tracker_id)
                l.tracker_id as "trackerId", to_char(${day}, 'YYYY-MM-DD') as day, l.value::text as value
           from tracker_logs l
          where ${ofSources}
            and l.log_date < ((${fromDay}::date + 1)::timestamp at time zone ${timeZone}::text)
            and ${day} < ${fromDay}::date
          order by l.tracker_id, day desc, ${latestOfDay})
        union all
        (select distinct on (l.tracker_id, day)
                l.tracker_id, to_char(${day}, 'YYYY-MM-DD') as day, l.value::text
           from tracker_logs l
          where ${ofSources}
            and l.log_date >= ((${fromDay}::date - 1)::timestamp at time zone ${timeZone}::text)
            and ${day} >= ${fromDay}::date
          order by l.tracker_id, day, ${latestOfDay})`,
  );
}

/** Each source's latest value: its latest log of the latest day it has one (none: not there). */
export function findLatestValues(
  db: Db,
  options: { userId: string; trackerIds: readonly string[]; timeZone: string },
): Promise<DayValue[]> {
  const { userId, timeZone, trackerIds } = options;
  if (trackerIds.length === 0) return Promise.resolve([]);
  const day = logDay(timeZone);
  return queryRows<DayValue>(
    db,
    sql`select distinct on (l.tracker_id)
               l.tracker_id as "trackerId", to_char(${day}, 'YYYY-MM-DD') as day, l.value::text as value
          from tracker_logs l
         where l.user_id = ${userId}
           and l.tracker_id = any(${arrayLiteral(trackerIds)}::uuid[])
         order by l.tracker_id, day desc, ${latestOfDay}`,
  );
}

/**
 * Puts a calculated tracker's values in place: one row per day (logged at noon of the day in
 * `timeZone`), updated in place so a row keeps its id; rows of the recomputed days (from `fromDay` on,
 * or every day when left out) that got no value are deleted. Returns the days whose value changed, appeared
 * or went.
 */
export async function replaceCalculatedValues(
  db: Db,
  options: {
    userId: string;
    trackerId: string;
    timeZone: string;
    values: readonly { day: string; value: string }[];
    fromDay?: string;
    at: Date;
  },
): Promise<string[]> {
  const { userId, trackerId, timeZone } = options;
  const incoming = JSON.stringify(options.values.map((value) => ({ id: newId(), ...value })));
  const at = options.at.toISOString();
  const scope =
    options.fromDay === undefined
      ? sql`and l.calculated_day is not null`
      : sql`and l.calculated_day >= ${options.fromDay}::date`;
  const rows = await queryRows<{ day: string }>(
    db,
    sql`with incoming as (
          select i.id::uuid as id, i.day::date as day, i.value::numeric as value
            from jsonb_to_recordset(${incoming}::jsonb) as i(id text, day text, value text)
        ),
        upserted as (
          insert into tracker_logs (user_id, id, tracker_id, value, note, log_date, calculated_day,
                                    created_at, updated_at)
          select ${userId}, id, ${trackerId}, value, null, (day + time '12:00') at time zone ${timeZone}::text,
                 day, ${at}::timestamptz, ${at}::timestamptz
            from incoming
          on conflict (user_id, tracker_id, calculated_day) where calculated_day is not null
          do update set value = excluded.value, log_date = excluded.log_date, updated_at = excluded.updated_at
           where tracker_logs.value <> excluded.value or tracker_logs.log_date <> excluded.log_date
          returning calculated_day
        ),
        removed as (
          delete from tracker_logs l
           where l.user_id = ${userId} and l.tracker_id = ${trackerId} ${scope}
             and not exists (select 1 from incoming i where i.day = l.calculated_day)
          returning l.calculated_day
        )
        select to_char(calculated_day, 'YYYY-MM-DD') as day from upserted
        union all
        select to_char(calculated_day, 'YYYY-MM-DD') from removed`,
  );
  return rows.map((row) => row.day);
}

/**
 * Counts one recalculation on `today` (the count starts again on a new day). Written by hand so the
 * tracker's updatedAt, which tells when the user changed it, stays as it is.
 */
export async function countRecalculation(
  db: Db,
  options: { userId: string; trackerId: string; today: string },
): Promise<void> {
  const { userId, trackerId, today } = options;
  await db.execute(
    sql`update trackers
           set daily_recalculation_count =
                 case when last_recalculation_date = ${today}::date then daily_recalculation_count + 1 else 1 end,
               last_recalculation_date = ${today}::date
         where user_id = ${userId} and id = ${trackerId}`,
  );
}
