import type { Level } from '@cairn/contracts/tasks';
import { getTableColumns, type Query } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowMapper, runQuery } from '../../lib/prepared-query';
import { planStatementForValues } from '../../lib/statement-names';
import { type Listing, ListingText } from './task-page-statement';
import { type TaskRow, taskColumnList } from './tasks.repository';
import { tasks } from './tasks.table';

/**
 * What sets a group apart within the listing all groups share: a board column (a completion column of
 * the periodical board shows only what was done since an instant), or a grid cell.
 */
export type GroupKey =
  | { columnId: string; doneSince?: Date | undefined }
  | { urgency: Level; importance: Level };

const taskColumns = getTableColumns(tasks);
const mapTaskRows = rowMapper<TaskRow>(taskColumns);
/** Where a branch's row holds its group: after every column of the task (the sort value follows). */
const GROUP_INDEX_AT = Object.keys(taskColumns).length;

/**
 * The statement reading the first `limit` rows of each group at once: one branch per group, each read
 * from the index its order matches and stopped at its limit (as the group's own listing page would be),
 * then put back in group order. The shared listing is written out once and its text repeated in each
 * branch. Needs at least one group.
 */
export function groupPagesQuery(options: {
  listing: Omit<Listing, 'doneSince'>;
  groups: GroupKey[];
  limit: number;
}): Query {
  if (options.groups.length === 0) throw new Error('no group to read');
  const listing = new ListingText(options.listing);
  const limit = listing.bind(options.limit);
  const branches = options.groups.map((group, index) => {
    // The index is ours, never user input.
    const columns = `${taskColumnList}, ${index} as "group_index"`;
    if ('urgency' in group) {
      const condition = `"tasks"."urgency" = ${listing.bind(group.urgency)} and "tasks"."importance" = ${listing.bind(group.importance)}`;
      return listing.page({ columns, condition, limit });
    }
    const condition = `"tasks"."column_id" = ${listing.bind(group.columnId)}`;
    return listing.page({ columns, condition, doneSince: group.doneSince, limit });
  });
  // Each branch comes sorted, but a union's output order is not promised: the outer sort only orders
  // the few rows the branches return. Planned for its values: one plan for every user would count on a
  // list being a few dozen tasks (most users' are), and read a heavy user's list of thousands whole for
  // each column instead of walking each column to its page (13 ms against 1.5).
  const text = `${branches.map((branch) => `(${branch})`).join(' union all ')} order by "group_index", "sort_key" ${listing.direction}, "id" ${listing.direction}`;
  return planStatementForValues(listing.statement(text));
}

/** The rows of groupPagesQuery, one array per group, in the groups' order. */
export async function findGroupPages(
  db: Db,
  options: { listing: Omit<Listing, 'doneSince'>; groups: GroupKey[]; limit: number },
): Promise<TaskRow[][]> {
  const pages: TaskRow[][] = options.groups.map(() => []);
  if (pages.length === 0) return pages;
  const rows = await runQuery(db, groupPagesQuery(options), (values) => {
    const taskRows = mapTaskRows(values);
    return taskRows.map((row, at) => [Number(values[at]?.[GROUP_INDEX_AT]), row] as const);
  });
  for (const [groupIndex, row] of rows) pages[groupIndex]?.push(row);
  return pages;
}

export type GroupCount = { count: number; completedBefore: number };

/**
 * How many tasks match the listing per column (keyed by its id) or per urgency × importance cell (keyed
 * `urgency:importance`), and of those how many were completed before `completedBefore` (what a periodical
 * completion column leaves out). Groups without any task are absent.
 */
export async function countTaskGroups(
  db: Db,
  options: {
    listing: Omit<Listing, 'doneSince'>;
    groupBy: 'column' | 'cell';
    completedBefore: Date | undefined;
  },
): Promise<Map<string, GroupCount>> {
  const listing = new ListingText(options.listing);
  const [key, groupBy] =
    options.groupBy === 'column'
      ? ['"column_id"::text', '"column_id"']
      : [`"urgency"::text || ':' || "importance"::text`, '"urgency", "importance"'];
  const completedBefore = options.completedBefore
    ? `(count(*) filter (where "completed_at" < ${listing.bind(options.completedBefore.toISOString())}))::int`
    : '0';
  const text = `select ${key}, count(*)::int, ${completedBefore} from "tasks" where ${listing.where} group by ${groupBy}`;
  const rows = await runQuery(db, listing.statement(text), (values) =>
    values.map(
      ([groupKey, count, hidden]) =>
        [String(groupKey), { count: Number(count), completedBefore: Number(hidden) }] as const,
    ),
  );
  return new Map(rows);
}
