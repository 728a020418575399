import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { worklogs } from './worklogs.table';

export type DailyHours = { date: string; value: string };

/**
 * A fingerprint of what the hours per day read: the count, total minutes and latest change, all
 * cheap aggregates (this runs before every read of tracker values).
 */
export async function findWorklogDataVersion(db: Db, options: { userId: string }): Promise<string> {
  const w = worklogs;
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select concat_ws(':', count(*), sum(${w.duration}), max(${w.updatedAt})) as version
          from ${w}
         where ${w.userId} = ${options.userId}`,
  );
  return row?.version ?? '';
}

/** Hours per work day (minutes / 60, exact to 6 places), days with entries only. */
export function findHoursPerDay(
  db: Db,
  options: { userId: string; from?: string | undefined; to?: string | undefined },
): Promise<DailyHours[]> {
  const w = worklogs;
  return queryRows<DailyHours>(
    db,
    sql`select to_char(${w.workDate}, 'YYYY-MM-DD') as date,
               round(sum(${w.duration})::numeric / 60, 6)::text as value
          from ${w}
         where ${w.userId} = ${options.userId}
           and (${options.from ?? null}::date is null or ${w.workDate} >= ${options.from ?? null}::date)
           and (${options.to ?? null}::date is null or ${w.workDate} <= ${options.to ?? null}::date)
         group by ${w.workDate}
         order by ${w.workDate}`,
  );
}
