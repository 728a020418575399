import type { SystemTrackerSource } from '@cairn/contracts/trackers';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { newId } from '../../db/ids';
import { trackers } from './trackers.table';

/** System trackers: the rows that follow a source, and the per-day values it feeds them. */

export type SystemTrackerRow = {
  id: string;
  name: string;
  systemSource: SystemTrackerSource;
  systemSourceKey: string | null;
  systemSourceVersion: string | null;
  currencyId: string | null;
};

export type DailyValue = { date: string; value: string };

const systemColumns = {
  id: trackers.id,
  name: trackers.name,
  systemSource: sql<SystemTrackerSource>`${trackers.systemSource}`,
  systemSourceKey: trackers.systemSourceKey,
  systemSourceVersion: trackers.systemSourceVersion,
  currencyId: trackers.currencyId,
};

export function findSystemTrackers(db: Db, options: { userId: string }): Promise<SystemTrackerRow[]> {
  return db
    .select(systemColumns)
    .from(trackers)
    .where(and(eq(trackers.userId, options.userId), isNotNull(trackers.systemSource)))
    .orderBy(asc(trackers.systemSource), asc(trackers.systemSourceKey));
}

export async function findSystemTracker(
  db: Db,
  options: { userId: string; source: SystemTrackerSource; sourceKey: string | null },
): Promise<SystemTrackerRow | undefined> {
  const [row] = await db
    .select(systemColumns)
    .from(trackers)
    .where(
      and(
        eq(trackers.userId, options.userId),
        eq(trackers.systemSource, options.source),
        sql`coalesce(${trackers.systemSourceKey}, '') = ${options.sourceKey ?? ''}`,
      ),
    );
  return row;
}

/** Every user with at least one system tracker, for the daily refresh. */
export async function findUsersWithSystemTrackers(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: trackers.userId })
    .from(trackers)
    .where(isNotNull(trackers.systemSource));
  return rows.map((row) => row.userId);
}

/**
 * Adds a system tracker after the user's last one. A concurrent switch-on of the same source hits
 * the unique index and adds nothing: the caller then reads the one that won.
 */
export async function insertSystemTracker(
  db: Db,
  values: {
    userId: string;
    name: string;
    origin: string;
    unit: string | null;
    currencyId: string | null;
    source: SystemTrackerSource;
    sourceKey: string | null;
    at: Date;
  },
): Promise<void> {
  const { userId, at } = values;
  await db
    .insert(trackers)
    .values({
      userId,
      id: newId(),
      name: values.name,
      valueFormat: values.currencyId ? 'currency' : 'number',
      currencyId: values.currencyId,
      unit: values.unit,
      origin: values.origin,
      isSystem: true,
      systemSource: values.source,
      systemSourceKey: values.sourceKey,
      priority: sql`(select coalesce(max(${trackers.priority}) + 1, 0) from ${trackers} where ${trackers.userId} = ${userId})`,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing();
}

/** Numbers a value column holds (numeric(20,6)); a larger figure is left out rather than failing the write. */
const VALUE_LIMIT = '100000000000000';

/**
 * Makes the tracker's per-day values exactly `values`, in one statement: days whose value changed (or
 * whose noon moved with the zone) are updated, new days inserted, days no longer in `values` deleted,
 * unchanged ones left alone; and the source version (and a money tracker's currency) stored with
 * them. Each value is logged at noon of its day in `timeZone`, well inside the day for readers in a
 * nearby zone. Returns the days that changed.
 */
export async function replaceDailyValues(
  db: Db,
  options: {
    userId: string;
    trackerId: string;
    timeZone: string;
    values: readonly DailyValue[];
    version: string;
    currencyId: string | null;
    at: Date;
  },
): Promise<string[]> {
  const { userId, trackerId, timeZone } = options;
  const incoming = JSON.stringify(
    options.values.map((value) => ({ id: newId(), day: value.date, value: value.value })),
  );
  const at = options.at.toISOString();
  const rows = await queryRows<{ day: string }>(
    db,
    sql`with incoming as (
          select i.id::uuid as id, i.day::date as day, i.value::numeric as value
            from jsonb_to_recordset(${incoming}::jsonb) as i(id text, day text, value text)
           where abs(i.value::numeric) < ${VALUE_LIMIT}::numeric
        ),
        upserted as (
          insert into tracker_logs (user_id, id, tracker_id, value, note, log_date, calculated_day,
                                    created_at, updated_at)
          select ${userId}, id, ${trackerId}, value, null, (day + time '12:00') at time zone ${timeZone}, day,
                 ${at}::timestamptz, ${at}::timestamptz
            from incoming
          on conflict (user_id, tracker_id, calculated_day) where calculated_day is not null
          do update set value = excluded.value, log_date = excluded.log_date, updated_at = excluded.updated_at
           where tracker_logs.value <> excluded.value or tracker_logs.log_date <> excluded.log_date
          returning calculated_day
        ),
        removed as (
          delete from tracker_logs l
           where l.user_id = ${userId} and l.tracker_id = ${trackerId} and l.calculated_day is not null
             and not exists (select 1 from incoming i where i.day = l.calculated_day)
          returning l.calculated_day
        ),
        versioned as (
          update trackers set system_source_version = ${options.version},
                              currency_id = coalesce(${options.currencyId}::uuid, currency_id)
           where user_id = ${userId} and id = ${trackerId}
          returning id
        )
        select to_char(calculated_day, 'YYYY-MM-DD') as day from upserted
        union all
        select to_char(calculated_day, 'YYYY-MM-DD') from removed`,
  );
  return rows.map((row) => row.day);
}
