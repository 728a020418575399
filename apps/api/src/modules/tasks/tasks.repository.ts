import { MAX_TASK_DEPTH, smartViews } from '@cairn/contracts/tasks';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  ne,
  or,
  type Placeholder,
  type Query,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, PgDialect } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { newId } from '../../db/ids';
import * as tree from '../../db/tree-queries';
import { inBatches } from '../../lib/batches';
import type { DayBounds } from '../../lib/day-bounds';
import type { Ordered, Placement, PlacementNeighbours } from '../../lib/placement';
import { insertReturning, reusableSelect, rowMapper, runQuery } from '../../lib/prepared-query';
import { checklistItems } from './checklist-items.table';
import {
  type ClockedViewCounts,
  newSince,
  type StoredViewCounts,
  smartViewCounts,
} from './smart-view-filters';
import { type Listing, ListingText } from './task-page-statement';
import { tasks, taskTimeCounts, taskViewCounts } from './tasks.table';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type TaskChanges = Partial<Omit<NewTaskRow, 'userId' | 'id' | 'createdAt'>>;

const byUserAndId = (userId: string, taskId: string) => and(eq(tasks.userId, userId), eq(tasks.id, taskId));

const insertTaskRow = insertReturning(tasks);

export async function insertTask(db: Db, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await insertTaskRow(db, values);
  if (!row) throw new Error('insert returned no row');
  return row;
}

const taskQuery = reusableSelect<TaskRow>((db) =>
  db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, sql.placeholder('userId')), eq(tasks.id, sql.placeholder('taskId')))),
);

export async function findTask(
  db: Db,
  options: { userId: string; taskId: string },
): Promise<TaskRow | undefined> {
  const [row] = await taskQuery(db, { userId: options.userId, taskId: options.taskId });
  return row;
}

/** Rows per statement for work on whole subtrees, well inside PostgreSQL's limit on parameters. */

export async function findTasksByIds(
  db: Db,
  options: { userId: string; taskIds: string[] },
): Promise<TaskRow[]> {
  const rows: TaskRow[] = [];
  for (const batch of inBatches(options.taskIds)) {
    rows.push(
      ...(await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.userId, options.userId), inArray(tasks.id, batch)))),
    );
  }
  return rows;
}

/**
 * Open, live, unarchived tasks of these users whose timed due or reminder instant falls in (after, until]:
 * what the push reminder sweep sends. The partial sweep indexes keep it a range read.
 */
export async function findTasksWithInstantBetween(
  db: Db,
  options: { userIds: string[]; after: Date; until: Date },
): Promise<TaskRow[]> {
  const rows: TaskRow[] = [];
  const inWindow = (column: typeof tasks.dueDate | typeof tasks.remindAt) =>
    and(sql`${column} > ${options.after}`, sql`${column} <= ${options.until}`);
  for (const batch of inBatches(options.userIds)) {
    rows.push(
      ...(await db
        .select()
        .from(tasks)
        .where(
          and(
            inArray(tasks.userId, batch),
            isNull(tasks.completedAt),
            isNull(tasks.deletedAt),
            isNull(tasks.archivedAt),
            or(and(eq(tasks.dueDateHasTime, true), inWindow(tasks.dueDate)), inWindow(tasks.remindAt)),
          ),
        )),
    );
  }
  return rows;
}

export type TreeCopyEntry = {
  sourceId: string;
  /** The source's parent; the copy hangs under that parent's copy. */
  sourceParentId: string | null;
  values: Omit<NewTaskRow, 'id' | 'parentId'>;
};

/**
 * Inserts a copy of a tree a batch at a time, parents before children (entries come nearest level
 * first). The root's copy goes under `rootParentId`. Answers each source id's copy id.
 */
export async function insertTreeCopy(
  db: Db,
  options: { entries: TreeCopyEntry[]; rootParentId: string | null },
): Promise<Map<string, string>> {
  const copyIds = new Map(options.entries.map((entry) => [entry.sourceId, newId()]));
  const rows = options.entries.map((entry, index) => {
    const parentId = index === 0 ? options.rootParentId : copyIds.get(entry.sourceParentId ?? '');
    if (parentId === undefined) throw new Error('a copied task comes before its parent');
    return { ...entry.values, id: copyIds.get(entry.sourceId) as string, parentId };
  });
  for (const batch of inBatches(rows)) await db.insert(tasks).values(batch);
  return copyIds;
}

/** The checklist items (not trashed) of many tasks, in their order. */
export async function updateTask(
  db: Db,
  options: { userId: string; taskId: string; changes: TaskChanges },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set(options.changes)
    .where(byUserAndId(options.userId, options.taskId))
    .returning();
  return row;
}

export async function updateTasks(
  db: Db,
  options: { userId: string; taskIds: string[]; changes: TaskChanges },
) {
  if (options.taskIds.length === 0) return;
  await db
    .update(tasks)
    .set(options.changes)
    .where(and(eq(tasks.userId, options.userId), inArray(tasks.id, options.taskIds)));
}

/**
 * Sets many tasks' places in one statement, as renumbering a column or a set of siblings does: one
 * update per task ran the counts' statement trigger once each, for thousands of tasks.
 */
export async function setTaskPriorities(
  db: Db,
  options: { userId: string; changes: readonly { id: string; priority: number }[] },
): Promise<void> {
  if (options.changes.length === 0) return;
  // Two array parameters, however many tasks (ids come from the database, so they are UUIDs).
  const ids = `{${options.changes.map((change) => change.id).join(',')}}`;
  const priorities = `{${options.changes.map((change) => change.priority).join(',')}}`;
  await db.execute(
    sql`update tasks t set priority = renumbered.priority
          from unnest(${ids}::uuid[], ${priorities}::integer[]) as renumbered (id, priority)
         where t.user_id = ${options.userId} and t.id = renumbered.id`,
  );
}

/** Deletes a task for good; its subtasks and checklist go with it (the foreign keys cascade). */
export async function purgeTask(db: Db, options: { userId: string; taskId: string }): Promise<void> {
  await db.delete(tasks).where(byUserAndId(options.userId, options.taskId));
}

/** The tasks in the trash (their subtasks are there too: the trash takes whole subtrees). */
export async function findTrashedTaskIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNotNull(tasks.deletedAt)));
  return rows.map((row) => row.id);
}

/** Removes every task in the trash for good; subtasks and checklists go with them. */
export async function purgeTrash(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.userId, userId), isNotNull(tasks.deletedAt)))
    .returning({ id: tasks.id });
  return rows.length;
}

/**
 * Serializes every change to where a user's tasks hang (parent_id) until the transaction ends, so two
 * moves checked at the same time cannot together build a loop or a chain deeper than the limit.
 * Works alike on PostgreSQL and the embedded database; other users are not held up.
 */
export async function lockTaskTree(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`task-tree:${userId}`}, 0))`);
}

/** The tasks and every task below them, trashed ones included, each once. */
export function findSubtreeIds(db: Db, options: { userId: string; taskIds: string[] }): Promise<string[]> {
  return tree.findSubtreeIds(db, tasks, { userId: options.userId, rootIds: options.taskIds });
}

export type SubtreeEntry = tree.SubtreeEntry;

/**
 * The task and the tasks below it, nearest levels first, each with its distance from the task (at most
 * one past the depth limit). Trashed tasks count unless `isLiveOnly`: they keep their place and can come back.
 */
export function findSubtree(
  db: Db,
  options: { userId: string; taskId: string; isLiveOnly: boolean },
): Promise<SubtreeEntry[]> {
  return tree.findSubtree(db, tasks, {
    userId: options.userId,
    rootId: options.taskId,
    maxDepth: MAX_TASK_DEPTH,
    isLiveOnly: options.isLiveOnly,
  });
}

export type Ancestry = Omit<tree.Ancestry, 'ancestors'> & { ancestors: { id: string; title: string }[] };

/** The chain above a task, walked at most one level past the depth limit. */
export async function findAncestry(
  db: Db,
  options: { userId: string; taskId: string },
): Promise<Ancestry | undefined> {
  const ancestry = await tree.findAncestry(db, tasks, {
    userId: options.userId,
    id: options.taskId,
    maxDepth: MAX_TASK_DEPTH,
    label: tasks.title,
  });
  if (!ancestry) return undefined;
  return { ...ancestry, ancestors: ancestry.ancestors.map((row) => ({ id: row.id, title: row.label })) };
}

/** Why the task (or a new one) cannot go under `parentId`, or undefined when it can; see tree-queries. */
export function findParentProblem(
  db: Db,
  options: { userId: string; taskId?: string | undefined; parentId: string },
): Promise<tree.ParentProblem | undefined> {
  return tree.findParentProblem(db, tasks, {
    userId: options.userId,
    id: options.taskId,
    parentId: options.parentId,
    maxDepth: MAX_TASK_DEPTH,
    label: tasks.title,
  });
}

const childrenQuery = reusableSelect<TaskRow>((db) =>
  db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, sql.placeholder('userId')),
        eq(tasks.parentId, sql.placeholder('taskId')),
        isNull(tasks.deletedAt),
      ),
    )
    .orderBy(asc(tasks.priority), asc(tasks.id)),
);

export function findChildren(db: Db, options: { userId: string; taskId: string }): Promise<TaskRow[]> {
  return childrenQuery(db, { userId: options.userId, taskId: options.taskId });
}

/**
 * A manual order tasks are placed in, without the task being placed: a column's visible tasks (not
 * trashed, not archived), or a task's siblings (same parent, or top level; archived ones too).
 */
export type TaskOrderScope = { userId: string; excludeTaskId?: string } & (
  | { columnId: string }
  | { parentId: string | null }
);

function taskOrderCondition(scope: TaskOrderScope): SQL | undefined {
  return and(
    eq(tasks.userId, scope.userId),
    'columnId' in scope
      ? and(eq(tasks.columnId, scope.columnId), isNull(tasks.archivedAt))
      : scope.parentId
        ? eq(tasks.parentId, scope.parentId)
        : isNull(tasks.parentId),
    isNull(tasks.deletedAt),
    scope.excludeTaskId ? ne(tasks.id, scope.excludeTaskId) : undefined,
  );
}

function orderedTasks(
  db: Db,
  scope: TaskOrderScope,
  options: { where?: SQL; descending?: boolean; offset?: number; limit?: number } = {},
) {
  const direction = options.descending ? desc : asc;
  const query = db
    .select({ id: tasks.id, priority: tasks.priority })
    .from(tasks)
    .where(and(taskOrderCondition(scope), options.where))
    .orderBy(direction(tasks.priority), direction(tasks.id));
  if (options.limit === undefined) return query;
  return query.limit(options.limit).offset(options.offset ?? 0);
}

/** The whole manual order of a column, or of a task's siblings. */
export function findTaskOrder(db: Db, scope: TaskOrderScope): Promise<Ordered[]> {
  return orderedTasks(db, scope);
}

/**
 * The tasks either side of a placement in a manual order, reading at most three rows; undefined when
 * the neighbour it names is not in that order.
 */
export async function findPlacementNeighbours(
  db: Db,
  scope: TaskOrderScope,
  placement: Placement,
): Promise<PlacementNeighbours | undefined> {
  const anchorId = placement.afterId ?? placement.beforeId;
  if (anchorId === undefined) {
    const position = placement.position ?? 0;
    if (position === 0) {
      const [after] = await orderedTasks(db, scope, { limit: 1 });
      return { after };
    }
    const [before, after] = await orderedTasks(db, scope, { offset: position - 1, limit: 2 });
    if (before) return { before, after };
    // Past the end: after the last one.
    const [last] = await orderedTasks(db, scope, { descending: true, limit: 1 });
    return { before: last };
  }
  const [anchor] = await orderedTasks(db, scope, { where: eq(tasks.id, anchorId), limit: 1 });
  if (!anchor) return undefined;
  const anchorKey = sql`(${anchor.priority}::integer, ${anchor.id}::uuid)`;
  const rowKey = sql`(${tasks.priority}, ${tasks.id})`;
  if (placement.afterId) {
    const [after] = await orderedTasks(db, scope, { where: sql`${rowKey} > ${anchorKey}`, limit: 1 });
    return { before: anchor, after };
  }
  const [before] = await orderedTasks(db, scope, {
    where: sql`${rowKey} < ${anchorKey}`,
    descending: true,
    limit: 1,
  });
  return { before, after: anchor };
}

/** Read by every task created (it joins the end of its column). */
const lastPriorityInColumnQuery = reusableSelect<{ value: number | null }>((db) =>
  db
    .select({ value: max(tasks.priority) })
    .from(tasks)
    .where(and(eq(tasks.userId, sql.placeholder('userId')), eq(tasks.columnId, sql.placeholder('columnId')))),
);

export async function findLastPriorityInColumn(
  db: Db,
  options: { userId: string; columnId: string },
): Promise<number | undefined> {
  const [row] = await lastPriorityInColumnQuery(db, options);
  return row?.value ?? undefined;
}

/** Every column of a task, in the table's order, as text written once, and how its rows are read. */
export const taskColumnList = Object.values(getTableColumns(tasks))
  .map((column) => `"${column.name}"`)
  .join(', ');
const mapTaskRows = rowMapper<TaskRow>(getTableColumns(tasks));

/** The statement of a page of tasks: every column, in the table's order, then the sort value. */
export function taskPageQuery(options: Listing & { limit: number }): Query {
  const listing = new ListingText(options);
  const limit = listing.bind(options.limit);
  return listing.statement(listing.page({ columns: taskColumnList, doneSince: options.doneSince, limit }));
}

/** `db.select().from(tasks)…`, without Drizzle rendering the column list and mapping each value on every call. */
export function findTaskPage(db: Db, options: Listing & { limit: number }): Promise<TaskRow[]> {
  return runQuery(db, taskPageQuery(options), mapTaskRows);
}

type Progress = { completed: number; total: number };
export type TaskExtras = { checklistProgress: Progress; childrenCount: number; subtaskProgress: Progress };

const checklistProgressQuery = reusableSelect<{ taskId: string; total: number; completed: number }>((db) =>
  db
    .select({
      taskId: checklistItems.taskId,
      total: sql<number>`count(*)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${checklistItems.completedAt} is not null)`.mapWith(
        Number,
      ),
    })
    .from(checklistItems)
    .where(
      and(
        eq(checklistItems.userId, sql.placeholder('userId')),
        sql`${checklistItems.taskId} = any(${sql.placeholder('taskIds')}::uuid[])`,
        // Written out rather than bound, so the plan can use checklist_items_progress_idx, whose
        // condition these are.
        sql`not ${checklistItems.isOptional}`,
        isNull(checklistItems.deletedAt),
        isNull(checklistItems.archivedAt),
      ),
    )
    .groupBy(checklistItems.taskId),
);

const subtaskCountsQuery = reusableSelect<{
  parentId: string | null;
  count: number;
  live: number;
  completed: number;
}>((db) =>
  db
    .select({
      parentId: tasks.parentId,
      count: sql<number>`count(*)`.mapWith(Number),
      // The task page counts subtasks the same way: archived ones are put away, so neither done nor open.
      live: sql<number>`count(*) filter (where ${tasks.archivedAt} is null)`.mapWith(Number),
      completed:
        sql<number>`count(*) filter (where ${tasks.archivedAt} is null and ${tasks.completedAt} is not null)`.mapWith(
          Number,
        ),
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, sql.placeholder('userId')),
        sql`${tasks.parentId} = any(${sql.placeholder('taskIds')}::uuid[])`,
        isNull(tasks.deletedAt),
      ),
    )
    .groupBy(tasks.parentId),
);

/** Checklist progress and subtask counts for a page of tasks, in two grouped queries (no N+1). */
export async function findTaskExtras(
  db: Db,
  options: { userId: string; taskIds: string[] },
): Promise<Map<string, TaskExtras>> {
  const extras = new Map<string, TaskExtras>(
    options.taskIds.map((id) => [
      id,
      {
        checklistProgress: { completed: 0, total: 0 },
        childrenCount: 0,
        subtaskProgress: { completed: 0, total: 0 },
      },
    ]),
  );
  if (options.taskIds.length === 0) return extras;
  // The ids travel as one array literal: one statement text whatever the page's size, so PostgreSQL
  // plans it once per connection. They are uuids read from the tasks table.
  const values = { userId: options.userId, taskIds: `{${options.taskIds.join(',')}}` };
  // On PostgreSQL the two run side by side on two connections.
  const [progress, children] = await Promise.all([
    checklistProgressQuery(db, values),
    subtaskCountsQuery(db, values),
  ]);
  for (const row of progress) {
    const entry = extras.get(row.taskId);
    if (entry) entry.checklistProgress = { completed: row.completed, total: row.total };
  }
  for (const row of children) {
    const entry = row.parentId ? extras.get(row.parentId) : undefined;
    if (!entry) continue;
    entry.childrenCount = row.count;
    entry.subtaskProgress = { completed: row.completed, total: row.live };
  }
  return extras;
}

/** Rows of differences a user may gather before a count folds them into one per group. */
const COUNT_ROWS_TO_FOLD = 32;

/** The width of the clock-bound counts' buckets; every time zone in use starts its days on one. */
const BUCKET_MS = 15 * 60_000;
/**
 * Due buckets before `now` less this lie before today in every time zone (a day lasts at most 25 hours),
 * so a fold sums them into one row per completion state, at minus infinity. Created buckets before
 * `now` less the other are never read again, so a fold drops them.
 */
const DUE_BUCKETS_KEPT_MS = 3 * 86_400_000;
const CREATED_BUCKETS_KEPT_MS = 8 * 86_400_000;

const ceilToBucket = (date: Date) => new Date(Math.ceil(date.getTime() / BUCKET_MS) * BUCKET_MS);

const storedCountColumns = [
  'live',
  'archived',
  'urgent',
  'important',
  'topPriority',
  'planned',
  'recurrent',
  'pinnedToday',
  'pinnedNew',
  'datedTodayUnset',
] as const satisfies (keyof StoredViewCounts)[];

/** The kept rows' sums for one completion state that move with the clock (see `timedCountsQuery`). */
type TimedSums = {
  isCompleted: boolean;
  dueBeforeToday: number;
  todayUnsetDueBeforeTomorrow: number;
  dueTomorrow: number;
  newUnsetCreatedSince: number;
};

/**
 * Open and completed counts of every smart view, keyed `view:open` and `view:completed`. The database
 * keeps the counts as tasks change (see `taskViewCounts` and `taskTimeCounts`); this sums the kept rows
 * and never reads the user's tasks in bulk. Due from today on is the dated tasks less those due before
 * today, whose buckets a fold sums into one row per completion state: the rows read are a few per
 * completion state plus the quarter hours with dues in the last few days and the next two, or with
 * tasks created in the last week, however far ahead the user's dues lie.
 */
export async function countSmartViews(db: Db, options: { userId: string; bounds: DayBounds }) {
  const { userId, bounds } = options;
  const createdFrom = ceilToBucket(newSince(bounds));
  const dueKeptFrom = new Date(bounds.now.getTime() - DUE_BUCKETS_KEPT_MS);
  // One statement, so a screen load waits for one round trip: the kept counts, the due buckets up to
  // the day after tomorrow and the created ones from the new-window's start on, and the tasks created
  // before the first whole bucket.
  countsStatement ??= dialect.sqlToQuery(
    sql`${storedCountsQuery()} union all ${timedCountsQuery()} union all ${offBucketEdgeQuery()}`,
  );
  const rows = await runQuery(db, countsStatement, mapKeptCountsRows, {
    userId,
    startOfToday: bounds.startOfToday.toISOString(),
    startOfTomorrow: bounds.startOfTomorrow.toISOString(),
    startOfDayAfterTomorrow: bounds.startOfDayAfterTomorrow.toISOString(),
    createdFrom: createdFrom.toISOString(),
    dueKeptFrom: dueKeptFrom.toISOString(),
    newSince: newSince(bounds).toISOString(),
  });
  const stored = rows
    .filter((row) => row.part === 'stored')
    .map((row) => ({
      isCompleted: row.is_completed,
      rowCount: row.row_count,
      ...(Object.fromEntries(
        storedCountColumns.map((key, index) => [key, row[`v${index}` as ValueColumn]]),
      ) as StoredViewCounts),
    }));
  const timed = rows.filter((row) => row.part === 'timed');
  const sums: TimedSums[] = rows
    .filter((row) => row.part !== 'stored')
    .map((row) => ({
      isCompleted: row.is_completed,
      dueBeforeToday: row.v0,
      todayUnsetDueBeforeTomorrow: row.v1,
      dueTomorrow: row.v2,
      newUnsetCreatedSince: row.v3,
    }));
  const isDayOnBuckets = [bounds.startOfToday, bounds.startOfTomorrow, bounds.startOfDayAfterTomorrow].every(
    (instant) => instant.getTime() % BUCKET_MS === 0,
  );
  // Not a time zone in use today; count the due dates from the tasks instead.
  const dueFromTasks = isDayOnBuckets ? [] : await countDueFromToday(db, { userId, bounds });

  const storedRows = stored.reduce((total, row) => total + row.rowCount, 0);
  const timedRows = timed.reduce((total, row) => total + row.row_count, 0);
  const timedGroups = timed.reduce((total, row) => total + row.group_count, 0);
  const pastDueRows = timed.reduce((total, row) => total + row.v4, 0);
  if (
    storedRows > COUNT_ROWS_TO_FOLD ||
    timedRows > 2 * timedGroups + COUNT_ROWS_TO_FOLD ||
    pastDueRows > COUNT_ROWS_TO_FOLD
  ) {
    await foldCounts(db, { userId, now: bounds.now });
  }

  const counts: Record<string, number> = {};
  for (const state of [false, true]) {
    const storedOfState = stored.find((row) => row.isCompleted === state);
    const kept = Object.fromEntries(
      storedCountColumns.map((key) => [key, storedOfState?.[key] ?? 0]),
    ) as StoredViewCounts;
    const sumsOfState = sums.filter((row) => row.isCompleted === state);
    const total = (key: Exclude<keyof TimedSums, 'isCompleted'>) =>
      sumsOfState.reduce((sum, row) => sum + row[key], 0);
    const fromTasks = dueFromTasks.find((row) => row.isCompleted === state);
    const clocked: ClockedViewCounts = isDayOnBuckets
      ? {
          dueFromToday: kept.planned - total('dueBeforeToday'),
          todayUnsetDueFromTomorrow: kept.datedTodayUnset - total('todayUnsetDueBeforeTomorrow'),
          dueTomorrow: total('dueTomorrow'),
          newUnsetCreatedSince: total('newUnsetCreatedSince'),
        }
      : {
          dueFromToday: fromTasks?.dueFromToday ?? 0,
          todayUnsetDueFromTomorrow: fromTasks?.todayUnsetDueFromTomorrow ?? 0,
          dueTomorrow: fromTasks?.dueTomorrow ?? 0,
          newUnsetCreatedSince: total('newUnsetCreatedSince'),
        };
    const byView = smartViewCounts(kept, clocked);
    for (const view of smartViews) counts[`${view}:${state ? 'completed' : 'open'}`] = byView[view];
  }
  return counts;
}

const liveTasksOf = (userId: string | Placeholder) =>
  and(eq(tasks.userId, userId), isNull(tasks.deletedAt), isNull(tasks.archivedAt));
const completedState = sql<boolean>`${tasks.completedAt} is not null`;
const countAll = () => sql<number>`count(*)`.mapWith(Number);

type ValueColumn = `v${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;
/** A row of the counts statement: which part it comes from, and up to ten counts by position. */
type KeptCountsRow = {
  part: 'stored' | 'timed' | 'edge';
  is_completed: boolean;
  row_count: number;
  group_count: number;
} & Record<ValueColumn, number>;

const asInt = (expression: SQL) => sql`coalesce(${expression}, 0)::int`;
/** Ten value columns, `values` first and zeros after, so the parts of the statement line up. */
function valueColumns(values: SQL[]): SQL {
  const padded = Array.from({ length: storedCountColumns.length }, (_, index) => values[index] ?? sql`0`);
  return sql.join(
    padded.map((value, index) => sql`${value} as ${sql.identifier(`v${index}`)}`),
    sql`, `,
  );
}

const keptCountsColumns = [
  'part',
  'is_completed',
  'row_count',
  'group_count',
  ...storedCountColumns.map((_key, index) => `v${index}`),
];
/** The counts statement's rows (read in array mode) under its column names. */
function mapKeptCountsRows(rows: unknown[][]): KeptCountsRow[] {
  return rows.map(
    (values) =>
      Object.fromEntries(keptCountsColumns.map((name, index) => [name, values[index]])) as KeptCountsRow,
  );
}

/**
 * The counts statement, rendered once: it is the same for every user and day, its values (the user,
 * the day's bounds as timestamptz text) come in through placeholders.
 */
let countsStatement: Query | undefined;
const dialect = new PgDialect();
const placeholder = (name: string) => sql.placeholder(name);

function storedCountsQuery(): SQL {
  const userId = placeholder('userId');
  const values = storedCountColumns.map((key) => asInt(sql`sum(${taskViewCounts[key]})`));
  return sql`(select 'stored' as part, ${taskViewCounts.isCompleted} as is_completed, count(*)::int as row_count,
      0 as group_count, ${valueColumns(values)}
    from ${taskViewCounts} where ${eq(taskViewCounts.userId, userId)} group by ${taskViewCounts.isCompleted})`;
}

/**
 * Due before today, Today left to the date and due before tomorrow, due tomorrow, new by date, and the
 * due rows a fold would sum into one (`v4`): read from the due buckets before the day after tomorrow
 * (the past being one folded row and the few since) and the created ones in the new-window.
 */
function timedCountsQuery(): SQL {
  const bounds = {
    startOfToday: sql`${placeholder('startOfToday')}::timestamptz`,
    startOfTomorrow: sql`${placeholder('startOfTomorrow')}::timestamptz`,
    startOfDayAfterTomorrow: sql`${placeholder('startOfDayAfterTomorrow')}::timestamptz`,
  };
  const options = {
    userId: placeholder('userId'),
    createdFrom: sql`${placeholder('createdFrom')}::timestamptz`,
    dueKeptFrom: sql`${placeholder('dueKeptFrom')}::timestamptz`,
  };
  const { kind, bucket } = taskTimeCounts;
  const isDue = eq(kind, 'due');
  const isCreated = eq(kind, 'created');
  const sumWhere = (column: AnyPgColumn, condition: SQL | undefined) =>
    asInt(sql`sum(${column}) filter (where ${condition})`);
  const values = [
    sumWhere(taskTimeCounts.tasks, and(isDue, lt(bucket, bounds.startOfToday))),
    sumWhere(taskTimeCounts.todayUnset, and(isDue, lt(bucket, bounds.startOfTomorrow))),
    sumWhere(
      taskTimeCounts.tasks,
      and(isDue, gte(bucket, bounds.startOfTomorrow), lt(bucket, bounds.startOfDayAfterTomorrow)),
    ),
    sumWhere(taskTimeCounts.tasks, isCreated),
    sql`(count(*) filter (where ${and(isDue, lt(bucket, options.dueKeptFrom))}))::int`,
  ];
  const where = and(
    eq(taskTimeCounts.userId, options.userId),
    or(
      and(isDue, lt(bucket, bounds.startOfDayAfterTomorrow)),
      and(isCreated, gte(bucket, options.createdFrom)),
    ),
  );
  return sql`(select 'timed', ${taskTimeCounts.isCompleted}, count(*)::int,
      (count(distinct ${bucket}) filter (where ${isDue}) + count(distinct ${bucket}) filter (where ${isCreated}))::int,
      ${valueColumns(values)}
    from ${taskTimeCounts} where ${where} group by ${taskTimeCounts.isCompleted})`;
}

/** New tasks created in the part of a quarter hour after the window opens, which no whole bucket holds. */
function offBucketEdgeQuery(): SQL {
  const where = and(
    liveTasksOf(placeholder('userId')),
    isNull(tasks.addedToNew),
    gte(tasks.createdAt, sql`${placeholder('newSince')}::timestamptz`),
    lt(tasks.createdAt, sql`${placeholder('createdFrom')}::timestamptz`),
  );
  return sql`(select 'edge', ${completedState}, 0, 0, ${valueColumns([sql`0`, sql`0`, sql`0`, sql`count(*)::int`])}
    from ${tasks} where ${where} group by ${completedState})`;
}

function countDueFromToday(db: Db, options: { userId: string; bounds: DayBounds }) {
  const { bounds } = options;
  const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  return db
    .select({
      isCompleted: completedState,
      dueFromToday: countAll(),
      todayUnsetDueFromTomorrow: countWhere(
        sql`${tasks.addedToToday} is null and ${tasks.dueDate} >= ${bounds.startOfTomorrow}`,
      ),
      dueTomorrow: countWhere(
        sql`${tasks.dueDate} >= ${bounds.startOfTomorrow} and ${tasks.dueDate} < ${bounds.startOfDayAfterTomorrow}`,
      ),
    })
    .from(tasks)
    .where(and(liveTasksOf(options.userId), gte(tasks.dueDate, bounds.startOfToday)))
    .groupBy(completedState);
}

/**
 * Sums a user's rows of count differences into one per group, dropping groups that sum to nothing and
 * created buckets that are no longer read, and summing the due buckets that lie before today in every
 * time zone into one at minus infinity. Rows appended meanwhile stay for the next fold; two folds at
 * once each sum only the rows they removed, so nothing counts twice.
 */
async function foldCounts(db: Db, options: { userId: string; now: Date }): Promise<void> {
  const { userId, now } = options;
  const columns = storedCountColumns.map((key) => sql.identifier(taskViewCounts[key].name));
  await db.execute(sql`with folded as (
      delete from ${taskViewCounts} where ${taskViewCounts.userId} = ${userId} returning *
    )
    insert into ${taskViewCounts} (user_id, is_completed, ${sql.join(columns, sql`, `)})
    select * from (
      select user_id, is_completed, ${sql.join(
        columns.map((column) => sql`sum(${column})`),
        sql`, `,
      )} from folded group by user_id, is_completed
    ) sums (user_id, is_completed, ${sql.join(columns, sql`, `)})
    where (${sql.join(columns, sql`, `)}) is distinct from (${sql.join(
      columns.map(() => sql`0`),
      sql`, `,
    )})`);
  const dueKeptFrom = new Date(now.getTime() - DUE_BUCKETS_KEPT_MS);
  const createdKeptFrom = new Date(now.getTime() - CREATED_BUCKETS_KEPT_MS);
  await db.execute(sql`with folded as (
      delete from ${taskTimeCounts} where ${taskTimeCounts.userId} = ${userId} returning *
    )
    insert into ${taskTimeCounts} (user_id, is_completed, kind, bucket, tasks, today_unset)
    select * from (
      select user_id, is_completed, kind, kept_bucket, sum(tasks), sum(today_unset)
        from (
          select *, case when kind = 'due' and bucket < ${dueKeptFrom}::timestamptz
                         then '-infinity'::timestamptz else bucket end as kept_bucket
            from folded
           where kind = 'due' or bucket >= ${createdKeptFrom}::timestamptz
        ) differences
       group by user_id, is_completed, kind, kept_bucket
    ) sums (user_id, is_completed, kind, bucket, tasks, today_unset)
    where (tasks, today_unset) is distinct from (0, 0)`);
}

export async function countOpenTasks(
  db: Db,
  options: { userId: string; taskIds: string[] },
): Promise<number> {
  if (options.taskIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, options.userId),
        inArray(tasks.id, options.taskIds),
        isNull(tasks.completedAt),
        isNull(tasks.deletedAt),
      ),
    );
  return row?.count ?? 0;
}

/** Every live task below the given roots, at most the depth limit down, with what a tree needs. */
export async function findTreeRows(db: Db, options: { userId: string; rootIds: string[] }) {
  if (options.rootIds.length === 0) return [];
  return queryRows<{
    id: string;
    parent_id: string | null;
    list_id: string | null;
    title: string;
    priority: number;
    completed_at: string | Date | null;
    archived_at: string | Date | null;
    due_date: string | Date | null;
    due_date_has_time: boolean;
    depth: number;
  }>(
    db,
    sql`with recursive tree(id, depth) as (
          select id, 0 from tasks
           where user_id = ${options.userId} and id in ${options.rootIds} and deleted_at is null
          union all
          select t.id, tree.depth + 1 from tasks t join tree on t.parent_id = tree.id
           where t.user_id = ${options.userId} and t.deleted_at is null and tree.depth < ${MAX_TASK_DEPTH}
        ) cycle id set is_loop using path
        select t.id, t.parent_id, t.list_id, t.title, t.priority, t.completed_at, t.archived_at, t.due_date, t.due_date_has_time, tree.depth
          from tree join tasks t on t.user_id = ${options.userId} and t.id = tree.id
         where not tree.is_loop
         order by tree.depth, t.priority, t.id`,
  );
}

export async function findListRootIds(
  db: Db,
  options: { userId: string; listId: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, options.userId),
        eq(tasks.listId, options.listId),
        isNull(tasks.parentId),
        isNull(tasks.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}
