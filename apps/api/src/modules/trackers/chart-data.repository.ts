import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { trackerLogs, trackers } from './trackers.table';

/**
 * The SQL behind chart data. Every read walks tracker_logs_tracker_date_idx (user_id, tracker_id,
 * log_date, id, value) once per tracker of the chart, bounded by the range's first and last instant,
 * so the index alone answers. A log's day is its calendar day in the reader's time zone. Values
 * leave as numeric text without trailing zeros ("2.5", not "2.500000"); averages are rounded to 6
 * places first.
 */

export type ChartQuery = {
  userId: string;
  /** In the chart's order; that order breaks ties between points of the same day. */
  trackerIds: readonly string[];
  timeZone: string;
  /** First and last calendar day of the range, both included; no `from` reads from the first log. */
  from: string | null;
  to: string;
};

export type BarAggregation = 'sum' | 'avg' | 'count' | 'latest' | 'none';
export type TimeSeriesAggregation = 'sum' | 'avg' | 'count' | 'difference' | 'none';

export type PointRow = {
  trackerId: string;
  value: string;
  date?: string;
  logId?: string;
  logDate?: Date;
};
export type ScatterRow = { date: string; x: string; y: string };

export type TrackerDescriptionRow = {
  id: string;
  name: string;
  valueFormat: 'currency' | 'percentage' | 'number';
  currencyId: string | null;
  unit: string | null;
};

/** The user's trackers among the ids (a deleted one is simply missing). */
export async function findChartTrackers(
  db: Db,
  options: { userId: string; trackerIds: readonly string[] },
): Promise<TrackerDescriptionRow[]> {
  if (options.trackerIds.length === 0) return [];
  return queryRows<TrackerDescriptionRow>(
    db,
    sql`select ${trackers.id}::text as id, ${trackers.name} as name, ${trackers.valueFormat} as "valueFormat",
               ${trackers.currencyId}::text as "currencyId", ${trackers.unit} as unit
          from ${trackers}
         where ${trackers.userId} = ${options.userId} and ${trackers.id} = any(${uuidArray(options.trackerIds)})`,
  );
}

/** A uuid[] parameter; the ids come validated as uuids, and travel as one array literal. */
function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** The chart's trackers in order: `t.tracker_id` and its 1-based `t.ord`. */
function chartTrackers(ids: readonly string[]): SQL {
  return sql`unnest(${uuidArray(ids)}) with ordinality as t(tracker_id, ord)`;
}

/** Where the range's last day ends (exclusive), as an instant. */
function rangeEnd(query: ChartQuery): SQL {
  return sql`((${query.to}::date + 1)::timestamp at time zone ${query.timeZone}::text)`;
}

/** The range's bounds on `l.log_date`: from the first day's start to the last day's end. */
function rangeBounds(query: ChartQuery): SQL {
  const from = query.from
    ? sql` and l.log_date >= (${query.from}::date::timestamp at time zone ${query.timeZone}::text)`
    : sql``;
  return sql`l.log_date < ${rangeEnd(query)}${from}`;
}

/** One tracker's logs inside the range: t.tracker_id's rows of tracker_logs as `l`. */
function logsInRange(query: ChartQuery): SQL {
  return sql`${trackerLogs} l
     where l.user_id = ${query.userId} and l.tracker_id = t.tracker_id and ${rangeBounds(query)}`;
}

/**
 * The logs of all the chart's trackers inside the range, in one scan: the planner walks the index
 * for a short range and reads the table once for a long one (a scan per tracker would read it once
 * per tracker).
 */
function chartLogs(query: ChartQuery): SQL {
  return sql`${trackerLogs} l
     where l.user_id = ${query.userId} and l.tracker_id = any(${uuidArray(query.trackerIds)})
       and ${rangeBounds(query)}`;
}

/** Every log of the range with its tracker's order and its calendar day in the reader's zone. */
function logsCte(query: ChartQuery): SQL {
  return sql`logs as (
    select array_position(${uuidArray(query.trackerIds)}, l.tracker_id) as ord, l.tracker_id, l.id, l.value,
           l.log_date, (l.log_date at time zone ${query.timeZone}::text)::date as day
      from ${chartLogs(query)}
  )`;
}

/** Each tracker's latest log of each day: what a day's value is. */
const latestPerDayCte = sql`latest as (
    select distinct on (ord, day) ord, tracker_id, day, value, id, log_date
      from logs
     order by ord, day, log_date desc, id desc
  )`;

/** An instant as ISO text in UTC, read the same way from either driver. */
const isoInstant = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoDay = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

type RawPoint = {
  tracker_id: string;
  value: string | null;
  day?: string;
  log_id?: string | null;
  log_date?: string | null;
};

function toPointRows(rows: RawPoint[]): PointRow[] {
  const points: PointRow[] = [];
  for (const row of rows) {
    // An average or latest value of a tracker without a log in the range: no point.
    if (row.value === null) continue;
    // Assigned one by one: spreading an object per optional field costs more than the row on a long series.
    const point: PointRow = { trackerId: row.tracker_id, value: row.value };
    if (row.day) point.date = row.day;
    if (row.log_id) point.logId = row.log_id;
    if (row.log_date) point.logDate = new Date(row.log_date);
    points.push(point);
  }
  return points;
}

/** The calendar day of the first log on or before the range's last day, or null without one. */
export async function findFirstLogDay(db: Db, query: Omit<ChartQuery, 'from'>): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select ${isoDay(sql`min((first.log_date at time zone ${query.timeZone}::text)::date)`)} as day
          from ${chartTrackers(query.trackerIds)}
         cross join lateral (
           select l.log_date from ${logsInRange({ ...query, from: null })}
            order by l.log_date limit 1
         ) first`,
  );
  return row?.day ?? null;
}

/** One row per log of the range, by day, then tracker order, then time. */
async function findEveryLog(db: Db, query: ChartQuery): Promise<PointRow[]> {
  const rows = await queryRows<RawPoint>(
    db,
    sql`with ${logsCte(query)}
        select tracker_id::text as tracker_id, trim_scale(value)::text as value, ${isoDay(sql`day`)} as day,
               id::text as log_id, ${isoInstant(sql`log_date`)} as log_date
          from logs
         order by day, ord, log_date, id`,
  );
  return toPointRows(rows);
}

/**
 * Bar charts: one row per tracker over the range (sum and count are 0 without logs; avg and latest
 * have no row then), or one per log for 'none'.
 */
export async function findBarPoints(
  db: Db,
  query: ChartQuery & { aggregation: BarAggregation },
): Promise<PointRow[]> {
  if (query.aggregation === 'none') {
    return (await findEveryLog(db, query)).map(({ date: _date, ...point }) => point);
  }
  if (query.aggregation === 'latest') {
    const rows = await queryRows<RawPoint>(
      db,
      sql`select t.tracker_id::text as tracker_id, trim_scale(l.value)::text as value, l.id::text as log_id,
                 ${isoInstant(sql`l.log_date`)} as log_date
            from ${chartTrackers(query.trackerIds)}
           cross join lateral (
             select l.id, l.value, l.log_date from ${logsInRange(query)}
              order by l.log_date desc, l.id desc limit 1
           ) l
           order by t.ord`,
    );
    return toPointRows(rows);
  }
  const aggregate = {
    sum: sql`sum(l.value)`,
    avg: sql`round(avg(l.value), 6)`,
    count: sql`count(*)`,
  }[query.aggregation];
  // Sum and count of a tracker without logs are 0; its average is null (no point).
  const value =
    query.aggregation === 'avg'
      ? sql`trim_scale(a.value)::text`
      : sql`coalesce(trim_scale(a.value), 0)::text`;
  const rows = await queryRows<RawPoint>(
    db,
    sql`with totals as (select l.tracker_id, ${aggregate} as value from ${chartLogs(query)} group by l.tracker_id)
        select t.tracker_id::text as tracker_id, ${value} as value
          from ${chartTrackers(query.trackerIds)}
          left join totals a on a.tracker_id = t.tracker_id
         order by t.ord`,
  );
  return toPointRows(rows);
}

/**
 * Time series: one row per tracker and day with a log (sum, avg, count of the day's logs), the
 * change of the day's latest value since the tracker's previous day with a value ('difference'; the
 * range's first such day has none), or one per log ('none'). By day, then tracker order.
 */
export async function findTimeSeriesPoints(
  db: Db,
  query: ChartQuery & { aggregation: TimeSeriesAggregation },
): Promise<PointRow[]> {
  if (query.aggregation === 'none') return findEveryLog(db, query);
  if (query.aggregation === 'difference') {
    const rows = await queryRows<RawPoint>(
      db,
      sql`with ${logsCte(query)}, ${latestPerDayCte},
               changes as (
                 select ord, tracker_id, day, id, log_date,
                        value - lag(value) over (partition by ord order by day) as change
                   from latest
               )
          select tracker_id::text as tracker_id, trim_scale(change)::text as value, ${isoDay(sql`day`)} as day,
                 id::text as log_id, ${isoInstant(sql`log_date`)} as log_date
            from changes
           where change is not null
           order by day, ord`,
    );
    return toPointRows(rows);
  }
  const aggregate = {
    sum: sql`trim_scale(sum(value))::text`,
    avg: sql`trim_scale(round(avg(value), 6))::text`,
    count: sql`count(*)::text`,
  }[query.aggregation];
  const rows = await queryRows<RawPoint>(
    db,
    sql`with ${logsCte(query)}
        select tracker_id::text as tracker_id, ${aggregate} as value, ${isoDay(sql`day`)} as day
          from logs
         group by day, ord, tracker_id
         order by day, ord`,
  );
  return toPointRows(rows);
}

/** Scatter: the days on which both trackers have a value, each its latest of the day; by day. */
export async function findScatterPoints(db: Db, query: ChartQuery): Promise<ScatterRow[]> {
  return queryRows<ScatterRow>(
    db,
    sql`with ${logsCte(query)}, ${latestPerDayCte}
        select ${isoDay(sql`x.day`)} as date, trim_scale(x.value)::text as x, trim_scale(y.value)::text as y
          from latest x
          join latest y on y.day = x.day and y.ord = 2
         where x.ord = 1
         order by x.day`,
  );
}
