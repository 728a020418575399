import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowMapper, runQuery } from '../../lib/prepared-query';
import type { TaskRow } from './tasks.repository';
import { tasks } from './tasks.table';

/** One group's listing: its WHERE and ORDER BY as buildTaskQuery makes them. */
export type GroupListing = { where: SQL; orderBy: SQL[]; sortExpression: SQL };

/** Every column of a task, then the branch's group and sort value: what each branch selects. */
const pageSelection = {
  ...getTableColumns(tasks),
  groupIndex: sql<number>`group_index`,
  sortKey: sql<unknown>`sort_key`,
};
/** Renders the statement; its names are all written out, so no casing setting applies. */
const dialect = new PgDialect();
const mapPageRows = rowMapper<TaskRow & { groupIndex: number; sortKey: unknown }>(pageSelection);
// The column list as text, written once: Drizzle would render the same names again in every branch.
const taskColumnList = sql.raw(
  Object.values(getTableColumns(tasks))
    .map((column) => `"${column.name}"`)
    .join(', '),
);

/**
 * The statement reading the first `limit` rows of each listing at once: one branch per listing, each
 * read from the index its order matches and stopped at its limit (as its own listing page would be),
 * then put back in group order. Needs at least one listing.
 */
export function groupPagesQuery(options: {
  listings: GroupListing[];
  isDescending: boolean;
  limit: number;
}): SQL {
  const branches = options.listings.map(
    (listing, index) =>
      // The index is ours, never user input.
      sql`(select ${taskColumnList}, ${sql.raw(String(index))} as "group_index", ${listing.sortExpression} as "sort_key" from ${tasks} where ${listing.where} order by ${sql.join(listing.orderBy, sql`, `)} limit ${options.limit})`,
  );
  if (branches.length === 0) throw new Error('no listing to read');
  if (branches.length === 1) return branches[0] as SQL;
  const direction = sql.raw(options.isDescending ? 'desc' : 'asc');
  // Each branch comes sorted, but a union's output order is not promised: the outer sort only
  // orders the few rows the branches return.
  return sql`${sql.join(branches, sql` union all `)} order by "group_index", "sort_key" ${direction}, "id" ${direction}`;
}

/** The rows of groupPagesQuery, one array per listing, in the listings' order. */
export async function findGroupPages(
  db: Db,
  options: { listings: GroupListing[]; isDescending: boolean; limit: number },
): Promise<TaskRow[][]> {
  const pages: TaskRow[][] = options.listings.map(() => []);
  if (pages.length === 0) return pages;
  const query = dialect.sqlToQuery(groupPagesQuery(options));
  for (const { groupIndex, sortKey: _sortKey, ...row } of await runQuery(db, query, mapPageRows)) {
    pages[Number(groupIndex)]?.push(row);
  }
  return pages;
}

export type GroupCount = { count: number; completedBefore: number };

/**
 * How many tasks match `where` per column (keyed by its id) or per urgency × importance cell (keyed
 * `urgency:importance`), and of those how many were completed before `completedBefore` (what a periodical
 * completion column leaves out). Groups without any task are absent.
 */
export async function countTaskGroups(
  db: Db,
  options: { where: SQL; groupBy: 'column' | 'cell'; completedBefore: Date | undefined },
): Promise<Map<string, GroupCount>> {
  const key =
    options.groupBy === 'column'
      ? sql<string>`${tasks.columnId}::text`
      : sql<string>`${tasks.urgency}::text || ':' || ${tasks.importance}::text`;
  const since = options.completedBefore;
  const rows = await db
    .select({
      key,
      count: sql<number>`count(*)::int`,
      completedBefore: since
        ? sql<number>`(count(*) filter (where ${tasks.completedAt} < ${since}))::int`
        : sql<number>`0`,
    })
    .from(tasks)
    .where(options.where)
    .groupBy(...(options.groupBy === 'column' ? [tasks.columnId] : [tasks.urgency, tasks.importance]));
  return new Map(rows.map(({ key: groupKey, ...counts }) => [groupKey, counts]));
}
