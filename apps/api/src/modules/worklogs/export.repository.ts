import type { WorklogCsvColumnKey } from '@cairn/contracts/worklogs';
import { type Query, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { csvPlainField, csvRecord, csvTextField } from '../../lib/csv-fields-sql';
import { runQuery } from '../../lib/prepared-query';
import { planForValues } from '../../lib/statement-names';
import { worklogCategories, worklogs } from './worklogs.table';

const dialect = new PgDialect();

/** Oldest first, as a timesheet reads; within a day, entries without a start time first. */
const startKey = sql<number>`coalesce(${worklogs.startMinute}, -1)`;

/** Minutes after midnight as HH:mm, as formatTimeOfDay writes them. */
const timeOfDay = (minute: PgColumn) =>
  sql`lpad((${minute} / 60)::text, 2, '0') || ':' || lpad((${minute} % 60)::text, 2, '0')`;

/**
 * Each column's cell, written by the database: numbers without trailing zeros, every text guarded
 * and quoted by csvTextField. The project's name and client are the same on every record, so they
 * come in as values rather than through a join.
 */
const cells: Record<WorklogCsvColumnKey, SQL> = {
  workDate: csvPlainField(sql`to_char(${worklogs.workDate}, 'YYYY-MM-DD')`),
  startTime: csvPlainField(timeOfDay(worklogs.startMinute)),
  endTime: csvPlainField(timeOfDay(worklogs.endMinute)),
  duration: csvPlainField(sql`${worklogs.duration}::text`),
  durationHours: csvPlainField(sql`round(${worklogs.duration} / 60.0, 2)::text`),
  breaksMultiplier: csvPlainField(sql`trim_scale(${worklogs.breaksMultiplier})::text`),
  durationWithBreaks: csvPlainField(sql`trim_scale(${worklogs.durationWithBreaks})::text`),
  durationWithBreaksHours: csvPlainField(sql`round(${worklogs.durationWithBreaks} / 60, 2)::text`),
  project: csvTextField(sql`${sql.placeholder('project')}::text`),
  client: csvTextField(sql`${sql.placeholder('client')}::text`),
  category: csvTextField(worklogCategories.name),
  taskName: csvTextField(worklogs.taskName),
  taskUrl: csvTextField(worklogs.taskUrl),
  pullRequestUrl: csvTextField(worklogs.pullRequestUrl),
  description: csvTextField(worklogs.description),
};

/** Where a batch ends in the file's order: the next batch starts after it. */
export type ExportPageKey = [workDate: string, startKey: number, id: string];

/** A batch of the file: its records as CSV text, how many, and the last one's place. */
export type ExportBatch = { text: string; count: number; last: ExportPageKey | undefined };

function mapBatch(rows: unknown[][]): ExportBatch[] {
  return rows.map(([text, count, lastDate, lastStart, lastId]) => ({
    text: (text as string | null) ?? '',
    count: count as number,
    last: lastDate == null ? undefined : [lastDate as string, lastStart as number, lastId as string],
  }));
}

/** Built once per shape (the columns in their order, first batch or a later one): a file reads many batches. */
const statements = new Map<string, Query>();
/** Columns come in any order, so shapes are many in theory; a user has a few. */
const MAX_STATEMENTS = 256;

function exportStatement(columns: readonly WorklogCsvColumnKey[], isAfter: boolean): Query {
  const key = `${isAfter ? 'after' : 'first'}:${columns.join(',')}`;
  let statement = statements.get(key);
  if (!statement) {
    const joinsCategory = columns.includes('category');
    const after = isAfter
      ? sql`and (${worklogs.workDate}, ${startKey}, ${worklogs.id}) > (${sql.placeholder('afterDate')}::date, ${sql.placeholder('afterStart')}::int, ${sql.placeholder('afterId')}::uuid)`
      : sql``;
    // The batch's entries are found first, off the index in the file's order, and written after, so
    // only they are written; they keep the table's name, so the cells read them as they read the
    // table. The answer is one row: the records joined in order (one value for the driver to decode
    // instead of a row per record) and the last one's place, where the next batch starts. Planned for
    // its values: a generic plan, knowing neither the range nor the batch's size, would sort all the
    // rows left in the range for every batch instead of reading the next ones off the index.
    statement = dialect.sqlToQuery(
      planForValues(sql`
      with ${worklogs} as (
        select * from ${worklogs}
         where ${worklogs.userId} = ${sql.placeholder('userId')}
           and ${worklogs.projectId} = ${sql.placeholder('projectId')}
           and ${worklogs.workDate} >= ${sql.placeholder('from')}
           and ${worklogs.workDate} <= ${sql.placeholder('to')}
           ${after}
         order by ${worklogs.workDate}, ${startKey}, ${worklogs.id}
         limit ${sql.placeholder('limit')}
      ),
      page as (
        select ${worklogs.workDate}::text as work_date, ${startKey} as start_key, ${worklogs.id} as id,
               ${csvRecord(columns.map((column) => cells[column]))} as record
          from ${worklogs}
          ${
            joinsCategory
              ? sql`left join ${worklogCategories} on ${worklogCategories.userId} = ${sql.placeholder('userId')} and ${worklogCategories.id} = ${worklogs.categoryId}`
              : sql``
          }
      )
      select batch.text, batch.count, last.work_date, last.start_key, last.id
        from (select string_agg(record, '' order by work_date, start_key, id) as text, count(*)::int as count
                from page) batch
        left join (select work_date, start_key, id from page
                    order by work_date desc, start_key desc, id desc limit 1) last on true`),
    );
    if (statements.size >= MAX_STATEMENTS) statements.clear();
    statements.set(key, statement);
  }
  return statement;
}

/**
 * One batch of a project's entries in the range, after the previous batch's last record, written as
 * CSV records with the given columns in their order: each batch is its own short query, so a slow
 * download holds no connection and no transaction open.
 */
export async function findExportBatch(
  db: Db,
  options: {
    userId: string;
    projectId: string;
    project: { name: string; client: string | null };
    from: string;
    to: string;
    columns: readonly WorklogCsvColumnKey[];
    after: ExportPageKey | undefined;
    limit: number;
  },
): Promise<ExportBatch> {
  const { after, columns } = options;
  const [batch] = await runQuery(db, exportStatement(columns, after !== undefined), mapBatch, {
    userId: options.userId,
    projectId: options.projectId,
    from: after ? after[0] : options.from,
    to: options.to,
    limit: options.limit,
    ...(columns.includes('project') && { project: options.project.name }),
    ...(columns.includes('client') && { client: options.project.client }),
    ...(after && { afterDate: after[0], afterStart: after[1], afterId: after[2] }),
  });
  return batch ?? { text: '', count: 0, last: undefined };
}
