import { and, asc, eq, gte, lte, type Query, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowMapper, runQuery } from '../../lib/prepared-query';
import { worklogs } from './worklogs.table';

/** Oldest first, as a timesheet reads; within a day, entries without a start time first. */
const startKey = sql<number>`coalesce(${worklogs.startMinute}, -1)`;

/** What a file's cells may need of an entry: numbers already text, without trailing zeros. */
const optionalFields = {
  startMinute: worklogs.startMinute,
  endMinute: worklogs.endMinute,
  duration: worklogs.duration,
  durationHours: sql<string>`round(${worklogs.duration} / 60.0, 2)::text`,
  breaksMultiplier: sql<string>`trim_scale(${worklogs.breaksMultiplier})::text`,
  durationWithBreaks: sql<string>`trim_scale(${worklogs.durationWithBreaks})::text`,
  durationWithBreaksHours: sql<string>`round(${worklogs.durationWithBreaks} / 60, 2)::text`,
  categoryId: worklogs.categoryId,
  taskName: worklogs.taskName,
  taskUrl: worklogs.taskUrl,
  pullRequestUrl: worklogs.pullRequestUrl,
  description: worklogs.description,
} satisfies Record<string, PgColumn | SQL>;

export type ExportField = keyof typeof optionalFields;

/** An entry as the file reads it: its place in the order, and the fields its columns asked for. */
export type ExportRow = { id: string; workDate: string; startKey: number } & Partial<{
  startMinute: number | null;
  endMinute: number | null;
  duration: number;
  durationHours: string;
  breaksMultiplier: string;
  durationWithBreaks: string;
  durationWithBreaksHours: string;
  categoryId: string | null;
  taskName: string;
  taskUrl: string | null;
  pullRequestUrl: string | null;
  description: string;
}>;

export type ExportPageKey = [string, number, string];

type ExportStatement = { query: Query; mapRows: (rows: unknown[][]) => ExportRow[] };

/** Built once per shape (the fields asked for, first batch or a later one): a file reads many batches. */
const statements = new Map<string, ExportStatement>();

function exportStatement(db: Db, fields: ReadonlySet<ExportField>, isAfter: boolean): ExportStatement {
  const key = `${isAfter ? 'after' : 'first'}:${[...fields].sort().join(',')}`;
  let statement = statements.get(key);
  if (!statement) {
    const selection: Record<string, PgColumn | SQL> = {
      id: worklogs.id,
      workDate: worklogs.workDate,
      startKey,
    };
    for (const field of fields) selection[field] = optionalFields[field];
    const query = db
      .select(selection)
      .from(worklogs)
      .where(
        and(
          eq(worklogs.userId, sql.placeholder('userId')),
          eq(worklogs.projectId, sql.placeholder('projectId')),
          gte(worklogs.workDate, sql.placeholder('from')),
          lte(worklogs.workDate, sql.placeholder('to')),
          isAfter
            ? sql`(${worklogs.workDate}, ${startKey}, ${worklogs.id}) > (${sql.placeholder('afterDate')}::date, ${sql.placeholder('afterStart')}::int, ${sql.placeholder('afterId')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(worklogs.workDate), asc(startKey), asc(worklogs.id))
      .limit(sql.placeholder('limit'))
      .toSQL();
    // The selection is built from the fields asked for, so its row type is stated here, not inferred.
    statement = { query, mapRows: rowMapper<ExportRow>(selection) };
    // At most 2 × 2^12 shapes; a user has a few.
    statements.set(key, statement);
  }
  return statement;
}

/**
 * One batch of a project's entries in the range, after the previous batch's last row: each batch is
 * its own short query, so a slow download holds no connection and no transaction open. Only the
 * fields the file's columns use are read: on the embedded database, handing rows over costs more
 * than finding them.
 */
export function findExportPage(
  db: Db,
  options: {
    userId: string;
    projectId: string;
    from: string;
    to: string;
    fields: ReadonlySet<ExportField>;
    after: ExportPageKey | undefined;
    limit: number;
  },
): Promise<ExportRow[]> {
  const { after } = options;
  const { query, mapRows } = exportStatement(db, options.fields, after !== undefined);
  return runQuery(db, query, mapRows, {
    userId: options.userId,
    projectId: options.projectId,
    from: after ? after[0] : options.from,
    to: options.to,
    limit: options.limit,
    ...(after && { afterDate: after[0], afterStart: after[1], afterId: after[2] }),
  });
}
