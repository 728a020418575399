import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { tasks } from './tasks.table';

/**
 * Per-day task figures for charts and trackers, in SQL: days are calendar days in `timeZone`, a
 * timestamptz falling on the day `(instant at time zone zone)::date`.
 */

export type DailyCount = { date: string; value: string };

const dayOf = (instant: SQL, timeZone: string) => sql`(${instant} at time zone ${timeZone})::date`;

/**
 * A fingerprint of what the daily task figures read: the latest change, and counts that move with
 * every completion, reopening, deletion, restore and archiving even when two writes share a
 * timestamp. Only counts and a max: each further aggregate (a sum over instants, say) costs about
 * as much as reading the rows, and this runs before every read of tracker values (about 3 ms for
 * 10,000 tasks on PostgreSQL).
 */
export async function findTaskDataVersion(db: Db, options: { userId: string }): Promise<string> {
  const t = tasks;
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select concat_ws(':', count(*), count(${t.completedAt}), count(${t.deletedAt}), count(${t.archivedAt}),
                         max(${t.updatedAt})) as version
          from ${t}
         where ${t.userId} = ${options.userId}`,
  );
  return row?.version ?? '';
}

/** Tasks completed per day (days with at least one), tasks in the trash left out. */
export function findCompletedPerDay(
  db: Db,
  options: { userId: string; timeZone: string; from?: string | undefined; to?: string | undefined },
): Promise<DailyCount[]> {
  const t = tasks;
  const day = dayOf(sql`${t.completedAt}`, options.timeZone);
  return queryRows<DailyCount>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as date, d.n::text as value
          from (select ${day} as day, count(*) as n
                  from ${t}
                 where ${t.userId} = ${options.userId} and ${t.completedAt} is not null
                   and ${t.deletedAt} is null
                 group by 1) d
         where (${options.from ?? null}::date is null or d.day >= ${options.from ?? null}::date)
           and (${options.to ?? null}::date is null or d.day <= ${options.to ?? null}::date)
         order by d.day`,
  );
}

/**
 * Tasks overdue at the end of each day from the day of the user's first task through `today`, zeros
 * included. A task counts on day d when it existed by d's end, was due before d's end, and was not
 * completed, deleted or archived by then: from the day of its due date (or its creation, if later) up
 * to, not including, the day its first such end came. Each task adds +1 on its first day and -1 on
 * the day it stopped, and a running sum over the days gives the counts: linear in tasks plus days.
 */
export function findOverduePerDay(
  db: Db,
  options: { userId: string; timeZone: string; today: string },
): Promise<DailyCount[]> {
  const t = tasks;
  const zone = options.timeZone;
  return queryRows<DailyCount>(
    db,
    sql`with spans as (
          select greatest(${dayOf(sql`${t.dueDate}`, zone)}, ${dayOf(sql`${t.createdAt}`, zone)}) as start_day,
                 ${dayOf(sql`least(${t.completedAt}, ${t.deletedAt}, ${t.archivedAt})`, zone)} as end_day
            from ${t}
           where ${t.userId} = ${options.userId} and ${t.dueDate} is not null
        ),
        changes as (
          select day, sum(delta) as delta from (
            select start_day as day, 1 as delta from spans where end_day is null or end_day > start_day
            union all
            select end_day, -1 from spans where end_day > start_day
          ) c group by day
        ),
        first_day as (
          select min(${dayOf(sql`${t.createdAt}`, zone)}) as day from ${t} where ${t.userId} = ${options.userId}
        )
        select to_char(d.day, 'YYYY-MM-DD') as date,
               coalesce(sum(c.delta) over (order by d.day), 0)::text as value
          from (select generate_series(f.day, ${options.today}::date, interval '1 day')::date as day
                  from first_day f where f.day is not null) d
          left join changes c on c.day = d.day
         order by d.day`,
  );
}
