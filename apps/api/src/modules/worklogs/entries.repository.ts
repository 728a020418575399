import { and, desc, eq, getTableName, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { worklogProjects, worklogs } from './worklogs.table';

export type NewWorklogRow = Omit<typeof worklogs.$inferInsert, 'durationWithBreaks'>;
export type WorklogChanges = Partial<Omit<NewWorklogRow, 'userId' | 'id' | 'createdAt' | 'updatedAt'>>;

/**
 * An entry's column named with its table, for subqueries: a single-table select writes its columns
 * bare, and a bare name inside a subquery would mean the subquery's own table.
 */
const outer = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(worklogs))}.${sql.identifier(column.name)}`;

/**
 * Where an entry lies on one timeline of minutes (days since 2000-01-01 × 1440 + the minute): from its
 * start, or back from its end when it has only an end; null without either. It ends `duration` later.
 */
function timelineStart(table: 'outer' | 'other'): SQL {
  if (table === 'outer') {
    return sql`((${outer(worklogs.workDate)} - date '2000-01-01') * 1440 + coalesce(${outer(worklogs.startMinute)}, ${outer(worklogs.endMinute)} + case when ${outer(worklogs.crossesMidnight)} then 1440 else 0 end - ${outer(worklogs.duration)}))`;
  }
  return sql`((other.work_date - date '2000-01-01') * 1440 + coalesce(other.start_minute, other.end_minute + case when other.crosses_midnight then 1440 else 0 end - other.duration))`;
}

/**
 * The user's other entries whose [start, end) meets this one's, on the same day or spilling over
 * midnight from the day before or into the day after (an entry lasts at most two days, hence ± 2).
 */
const overlapsWith = sql<string[]>`coalesce((
  select array_agg(other.id::text order by other.id)
    from ${worklogs} other
   where other.user_id = ${outer(worklogs.userId)}
     and other.work_date between ${outer(worklogs.workDate)} - 2 and ${outer(worklogs.workDate)} + 2
     and other.id <> ${outer(worklogs.id)}
     and ${timelineStart('other')} < ${timelineStart('outer')} + ${outer(worklogs.duration)}
     and ${timelineStart('outer')} < ${timelineStart('other')} + other.duration
), '{}'::text[])`;

const worklogColumns = {
  userId: worklogs.userId,
  id: worklogs.id,
  projectId: worklogs.projectId,
  categoryId: worklogs.categoryId,
  taskId: worklogs.taskId,
  taskName: worklogs.taskName,
  taskUrl: worklogs.taskUrl,
  pullRequestUrl: worklogs.pullRequestUrl,
  description: worklogs.description,
  workDate: worklogs.workDate,
  startMinute: worklogs.startMinute,
  endMinute: worklogs.endMinute,
  crossesMidnight: worklogs.crossesMidnight,
  duration: worklogs.duration,
  breaksMultiplier: worklogs.breaksMultiplier,
  durationWithBreaks: worklogs.durationWithBreaks,
  createdAt: worklogs.createdAt,
  updatedAt: worklogs.updatedAt,
};

export type WorklogRow = typeof worklogs.$inferSelect;
export type WorklogListingRow = WorklogRow & { overlapsWith: string[] };

const byUserAndId = (userId: string, worklogId: string) =>
  and(eq(worklogs.userId, userId), eq(worklogs.id, worklogId));

/** The entry as stored, without its overlaps (a write reads it first). */
export async function findWorklogRow(
  db: Db,
  options: { userId: string; worklogId: string },
): Promise<WorklogRow | undefined> {
  const [row] = await db
    .select(worklogColumns)
    .from(worklogs)
    .where(byUserAndId(options.userId, options.worklogId));
  return row;
}

/** The entry as the API shows it, with the entries it overlaps. */
export async function findWorklog(
  db: Db,
  options: { userId: string; worklogId: string },
): Promise<WorklogListingRow | undefined> {
  const [row] = await db
    .select({ ...worklogColumns, overlapsWith })
    .from(worklogs)
    .where(byUserAndId(options.userId, options.worklogId));
  return row;
}

export async function insertWorklog(db: Db, values: NewWorklogRow): Promise<string> {
  const [row] = await db.insert(worklogs).values(values).returning({ id: worklogs.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateWorklog(
  db: Db,
  options: { userId: string; worklogId: string; changes: WorklogChanges; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(worklogs)
    .set({ ...options.changes, updatedAt: options.at })
    .where(byUserAndId(options.userId, options.worklogId))
    .returning({ id: worklogs.id });
  return rows.length > 0;
}

export async function deleteWorklog(
  db: Db,
  options: { userId: string; worklogId: string },
): Promise<boolean> {
  const rows = await db
    .delete(worklogs)
    .where(byUserAndId(options.userId, options.worklogId))
    .returning({ id: worklogs.id });
  return rows.length > 0;
}

/** How many of the ids (distinct, at most a batch) are the user's entries. */
export async function countOwnWorklogs(
  db: Db,
  options: { userId: string; worklogIds: readonly string[] },
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(worklogs)
    .where(and(eq(worklogs.userId, options.userId), inArray(worklogs.id, [...options.worklogIds])));
  return row?.value ?? 0;
}

export async function deleteWorklogs(
  db: Db,
  options: { userId: string; worklogIds: readonly string[] },
): Promise<number> {
  const rows = await db
    .delete(worklogs)
    .where(and(eq(worklogs.userId, options.userId), inArray(worklogs.id, [...options.worklogIds])))
    .returning({ id: worklogs.id });
  return rows.length;
}

// Listing

export type WorklogFilter = {
  userId: string;
  projectId?: string | undefined;
  categoryId?: string | undefined;
  client?: string | undefined;
  taskId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  text?: string | undefined;
};

/** `q` matches anywhere, literally: % and _ typed by the user are not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function filterConditions(filter: WorklogFilter): SQL[] {
  const conditions: SQL[] = [eq(worklogs.userId, filter.userId)];
  if (filter.projectId) conditions.push(eq(worklogs.projectId, filter.projectId));
  if (filter.categoryId) conditions.push(eq(worklogs.categoryId, filter.categoryId));
  if (filter.taskId) conditions.push(eq(worklogs.taskId, filter.taskId));
  if (filter.from) conditions.push(gte(worklogs.workDate, filter.from));
  if (filter.to) conditions.push(lte(worklogs.workDate, filter.to));
  if (filter.client) {
    conditions.push(
      sql`exists (select 1 from ${worklogProjects} p where p.user_id = ${outer(worklogs.userId)} and p.id = ${outer(worklogs.projectId)} and p.client = ${filter.client})`,
    );
  }
  if (filter.text) {
    const pattern = containsPattern(filter.text);
    conditions.push(
      or(
        sql`${worklogs.description} ilike ${pattern}`,
        sql`${worklogs.taskName} ilike ${pattern}`,
        sql`${worklogs.taskUrl} ilike ${pattern}`,
        sql`${worklogs.pullRequestUrl} ilike ${pattern}`,
      ) as SQL,
    );
  }
  return conditions;
}

/** Within a day, entries without a start time sort after those with one (newest first). */
const startKey = sql<number>`coalesce(${worklogs.startMinute}, -1)`;

/** The last row of a page: its day, start key and id. */
export type WorklogPageKey = [string, number, string];

/** A page of the list, newest day first, then latest start; `after` is the previous page's last row. */
export function findWorklogPage(
  db: Db,
  options: { filter: WorklogFilter; after: WorklogPageKey | undefined; limit: number },
): Promise<WorklogListingRow[]> {
  const conditions = filterConditions(options.filter);
  if (options.after) {
    const [day, key, id] = options.after;
    conditions.push(
      lte(worklogs.workDate, day),
      sql`(${worklogs.workDate}, ${startKey}, ${worklogs.id}) < (${day}::date, ${key}::int, ${id}::uuid)`,
    );
  }
  return db
    .select({ ...worklogColumns, overlapsWith })
    .from(worklogs)
    .where(and(...conditions))
    .orderBy(desc(worklogs.workDate), desc(startKey), desc(worklogs.id))
    .limit(options.limit);
}

export type TotalsRow = { count: number; duration: string; durationWithBreaks: string };

const totalsColumns = {
  count: sql<number>`count(*)::int`,
  // As text: a sum of minutes can pass what a 32-bit integer holds, and the drivers read bigint differently.
  duration: sql<string>`coalesce(sum(${worklogs.duration}), 0)::text`,
  durationWithBreaks: sql<string>`coalesce(sum(${worklogs.durationWithBreaks}), 0)::text`,
};

/** Totals over every entry the filter matches, not just a page. */
export async function findTotals(db: Db, filter: WorklogFilter): Promise<TotalsRow> {
  const [row] = await db
    .select(totalsColumns)
    .from(worklogs)
    .where(and(...filterConditions(filter)));
  return row ?? { count: 0, duration: '0', durationWithBreaks: '0' };
}

/** Time logged on a task, and on it and the given tasks below it, in one pass. */
export async function findTaskTotals(
  db: Db,
  options: { userId: string; taskId: string; subtreeIds: readonly string[] },
): Promise<{ own: TotalsRow; subtree: TotalsRow }> {
  const { userId, taskId } = options;
  // One array parameter, however large the subtree (ids come from the database, so they are UUIDs).
  const subtree = `{${[taskId, ...options.subtreeIds].join(',')}}`;
  const own = sql`${worklogs.taskId} = ${taskId}`;
  const [row] = await db
    .select({
      ownCount: sql<number>`count(*) filter (where ${own})::int`,
      ownDuration: sql<string>`coalesce(sum(${worklogs.duration}) filter (where ${own}), 0)::text`,
      ownWithBreaks: sql<string>`coalesce(sum(${worklogs.durationWithBreaks}) filter (where ${own}), 0)::text`,
      ...totalsColumns,
    })
    .from(worklogs)
    .where(and(eq(worklogs.userId, userId), sql`${worklogs.taskId} = any(${subtree}::uuid[])`));
  return {
    own: {
      count: row?.ownCount ?? 0,
      duration: row?.ownDuration ?? '0',
      durationWithBreaks: row?.ownWithBreaks ?? '0',
    },
    subtree: {
      count: row?.count ?? 0,
      duration: row?.duration ?? '0',
      durationWithBreaks: row?.durationWithBreaks ?? '0',
    },
  };
}
