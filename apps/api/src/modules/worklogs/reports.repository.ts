import { and, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { filterConditions, type WorklogFilter } from './entries.repository';
import { worklogCategories, worklogProjects, worklogs } from './worklogs.table';

export type ReportDimension = 'total' | 'day' | 'week' | 'month' | 'project' | 'category' | 'client';

export type ReportRow = {
  dimension: ReportDimension;
  key: string | null;
  label: string | null;
  count: number;
  duration: string;
  durationWithBreaks: string;
};

/**
 * Every grouping a report shows, from one pass over the range's entries (GROUPING SETS): per day, per
 * ISO week (keyed by its Monday), per month, project, category and client, and the grand total.
 * Days are calendar days, so no time zone enters here: an entry's day was fixed when it was logged.
 */
export async function findReportRows(db: Db, filter: WorklogFilter): Promise<ReportRow[]> {
  const week = sql`(${worklogs.workDate} - (extract(isodow from ${worklogs.workDate})::int - 1))`;
  const month = sql`to_char(${worklogs.workDate}::timestamp, 'YYYY-MM')`;
  const rows = await queryRows<{
    dimension: ReportDimension;
    key: string | null;
    label: string | null;
    count: number;
    duration: string;
    with_breaks: string;
  }>(
    db,
    sql`select case
                 when grouping(${worklogs.workDate}) = 0 then 'day'
                 when grouping(${week}) = 0 then 'week'
                 when grouping(${month}) = 0 then 'month'
                 when grouping(${worklogs.projectId}) = 0 then 'project'
                 when grouping(${worklogs.categoryId}) = 0 then 'category'
                 when grouping(p.client) = 0 then 'client'
                 else 'total'
               end as dimension,
               case
                 when grouping(${worklogs.workDate}) = 0 then ${worklogs.workDate}::text
                 when grouping(${week}) = 0 then ${week}::text
                 when grouping(${month}) = 0 then ${month}
                 when grouping(${worklogs.projectId}) = 0 then ${worklogs.projectId}::text
                 when grouping(${worklogs.categoryId}) = 0 then ${worklogs.categoryId}::text
                 when grouping(p.client) = 0 then p.client
               end as key,
               case
                 when grouping(${worklogs.workDate}) = 0 then ${worklogs.workDate}::text
                 when grouping(${week}) = 0 then to_char(${week}::timestamp, 'IYYY-"W"IW')
                 when grouping(${month}) = 0 then ${month}
                 when grouping(${worklogs.projectId}) = 0 then min(p.name)
                 when grouping(${worklogs.categoryId}) = 0 then min(c.name)
                 when grouping(p.client) = 0 then p.client
               end as label,
               count(*)::int as count,
               sum(${worklogs.duration})::text as duration,
               sum(${worklogs.durationWithBreaks})::text as with_breaks
          from ${worklogs}
          join ${worklogProjects} p on p.user_id = ${worklogs.userId} and p.id = ${worklogs.projectId}
          left join ${worklogCategories} c on c.user_id = ${worklogs.userId} and c.id = ${worklogs.categoryId}
         where ${and(...filterConditions(filter))}
         group by grouping sets ((${worklogs.workDate}), (${week}), (${month}), (${worklogs.projectId}),
                                 (${worklogs.categoryId}), (p.client), ())`,
  );
  return rows.map((row) => ({
    dimension: row.dimension,
    key: row.key,
    label: row.label,
    count: Number(row.count),
    duration: row.duration ?? '0',
    durationWithBreaks: row.with_breaks ?? '0',
  }));
}
