import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { TaskRow } from './tasks.repository';
import { tasks } from './tasks.table';

/** One group's listing: its WHERE and ORDER BY as buildTaskQuery makes them. */
export type GroupListing = { where: SQL; orderBy: SQL[]; sortExpression: SQL };

/**
 * The statement reading the first `limit` rows of each listing at once: one branch per listing, each
 * read from the index its order matches and stopped at its limit (as its own listing page would be),
 * then put back in group order. Needs at least one listing.
 */
export function groupPagesQuery(
  db: Db,
  options: { listings: GroupListing[]; isDescending: boolean; limit: number },
) {
  const branches = options.listings.map((listing, index) =>
    db
      .select({
        ...getTableColumns(tasks),
        // The index is ours, never user input.
        groupIndex: sql<number>`${sql.raw(String(index))}`.as('group_index'),
        sortKey: sql`${listing.sortExpression}`.as('sort_key'),
      })
      .from(tasks)
      .where(listing.where)
      .orderBy(...listing.orderBy)
      .limit(options.limit),
  );
  const [first, second, ...rest] = branches;
  if (!first) throw new Error('no listing to read');
  if (!second) return first;
  const direction = sql.raw(options.isDescending ? 'desc' : 'asc');
  // Each branch comes sorted, but a union's output order is not promised: the outer sort only
  // orders the few rows the branches return.
  return unionAll(first, second, ...rest).orderBy(
    sql`${sql.identifier('group_index')}`,
    sql`${sql.identifier('sort_key')} ${direction}`,
    sql`${sql.identifier('id')} ${direction}`,
  );
}

/** The rows of groupPagesQuery, one array per listing, in the listings' order. */
export async function findGroupPages(
  db: Db,
  options: { listings: GroupListing[]; isDescending: boolean; limit: number },
): Promise<TaskRow[][]> {
  const pages: TaskRow[][] = options.listings.map(() => []);
  if (pages.length === 0) return pages;
  for (const { groupIndex, sortKey: _sortKey, ...row } of await groupPagesQuery(db, options)) {
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
