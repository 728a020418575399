import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { trackerLogs } from './trackers.table';

export type DayValueRow = { trackerId: string; day: string; value: string };

/**
 * Each tracker's value per calendar day in `timeZone` from `from` to `to`: its latest log of the day
 * (the value formulas and scatter charts read too). Bounded by instants first, so the index on
 * (user_id, tracker_id, log_date) narrows the rows before any day is computed.
 */
export function findDailyLatestValues(
  db: Db,
  options: { userId: string; timeZone: string; from: string; to: string },
): Promise<DayValueRow[]> {
  const { userId, timeZone, from, to } = options;
  const l = trackerLogs;
  return queryRows<DayValueRow>(
    db,
    sql`select distinct on (${l.trackerId}, day)
               ${l.trackerId} as "trackerId", to_char(day, 'YYYY-MM-DD') as day, ${l.value}::text as value
          from (select ${l.trackerId}, ${l.value}, ${l.logDate}, ${l.id},
                       (${l.logDate} at time zone ${timeZone}::text)::date as day
                  from ${l}
                 where ${l.userId} = ${userId}
                   and ${l.logDate} >= (${from}::date::timestamp at time zone ${timeZone}::text)
                   and ${l.logDate} < ((${to}::date + 1)::timestamp at time zone ${timeZone}::text)) ${l}
         order by ${l.trackerId}, day, ${l.logDate} desc, ${l.id} desc`,
  );
}
