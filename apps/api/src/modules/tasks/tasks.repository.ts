import { MAX_TASK_DEPTH, smartViews } from '@cairn/contracts/tasks';
import { and, asc, eq, inArray, isNotNull, isNull, max, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { newId } from '../../db/ids';
import { inBatches } from '../../lib/batches';
import type { DayBounds } from '../../lib/day-bounds';
import { checklistItems } from './checklist-items.table';
import { smartViewFilter } from './smart-view-filters';
import { tasks } from './tasks.table';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type TaskChanges = Partial<Omit<NewTaskRow, 'userId' | 'id' | 'createdAt'>>;

/**
 * How far the walks that check or show a tree go: one level past the depth limit, so a chain that is
 * too deep shows as such without being walked to its end. Every walk also stops where a path meets a
 * task it already passed, so a loop left in old data cannot make a query run away.
 */
const TREE_WALK_LIMIT = MAX_TASK_DEPTH + 1;

/** Whole-subtree changes (complete, trash, restore) reach further, so trees built before the limit move whole. */
const SUBTREE_CHANGE_LIMIT = 1000;

const byUserAndId = (userId: string, taskId: string) => and(eq(tasks.userId, userId), eq(tasks.id, taskId));

export async function insertTask(db: Db, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findTask(
  db: Db,
  options: { userId: string; taskId: string },
): Promise<TaskRow | undefined> {
  const [row] = await db.select().from(tasks).where(byUserAndId(options.userId, options.taskId));
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

export async function deleteTask(db: Db, options: { userId: string; taskId: string }): Promise<void> {
  await db.delete(tasks).where(byUserAndId(options.userId, options.taskId));
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

/** The task and every task below it, trashed ones included. */
export async function findSubtreeIds(db: Db, options: { userId: string; taskId: string }): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with recursive subtree(id, depth) as (
          select id, 0 from tasks where user_id = ${options.userId} and id = ${options.taskId}
          union all
          select t.id, s.depth + 1 from tasks t join subtree s on t.parent_id = s.id
           where t.user_id = ${options.userId} and s.depth < ${SUBTREE_CHANGE_LIMIT}
        ) cycle id set is_loop using path
        select id from subtree where not is_loop`,
  );
  return rows.map((row) => row.id);
}

export type SubtreeEntry = { id: string; parentId: string | null; depth: number };

/**
 * The task and the tasks below it, nearest levels first, each with its distance from the task (at most
 * one past the depth limit). Trashed tasks count unless `isLiveOnly`: they keep their place and can come back.
 */
export async function findSubtree(
  db: Db,
  options: { userId: string; taskId: string; isLiveOnly: boolean },
): Promise<SubtreeEntry[]> {
  const live = options.isLiveOnly ? sql`and t.deleted_at is null` : sql``;
  const rows = await queryRows<{ id: string; parent_id: string | null; depth: number }>(
    db,
    sql`with recursive subtree(id, parent_id, depth) as (
          select t.id, t.parent_id, 0 from tasks t
           where t.user_id = ${options.userId} and t.id = ${options.taskId} ${live}
          union all
          select t.id, t.parent_id, s.depth + 1 from subtree s
            join tasks t on t.user_id = ${options.userId} and t.parent_id = s.id ${live}
           where s.depth < ${TREE_WALK_LIMIT}
        ) cycle id set is_loop using path
        select id, parent_id, depth from subtree where not is_loop order by depth`,
  );
  return rows.map((row) => ({ id: row.id, parentId: row.parent_id, depth: Number(row.depth) }));
}

export type Ancestry = {
  /** From the root (or as far up as the walk went) down to the parent. */
  ancestors: { id: string; title: string }[];
  /** The walk reached a top-level task: `ancestors.length` is then the task's level. */
  isRooted: boolean;
  /** The chain above the task runs into a loop (only in data from before loops were refused). */
  hasLoop: boolean;
};

/** The chain above a task, walked at most one level past the depth limit. */
export async function findAncestry(
  db: Db,
  options: { userId: string; taskId: string },
): Promise<Ancestry | undefined> {
  const rows = await queryRows<{
    id: string;
    parent_id: string | null;
    title: string;
    depth: number;
    is_loop: boolean;
  }>(
    db,
    sql`with recursive chain(id, parent_id, title, depth) as (
          select id, parent_id, title, 0 from tasks where user_id = ${options.userId} and id = ${options.taskId}
          union all
          select p.id, p.parent_id, p.title, c.depth + 1 from chain c
            join tasks p on p.user_id = ${options.userId} and p.id = c.parent_id
           where c.depth < ${TREE_WALK_LIMIT}
        ) cycle id set is_loop using path
        select id, parent_id, title, depth, is_loop from chain order by depth`,
  );
  const chain = rows.filter((row) => !row.is_loop);
  const top = chain.at(-1);
  if (!top) return undefined;
  return {
    ancestors: chain
      .slice(1)
      .reverse()
      .map((row) => ({ id: row.id, title: row.title })),
    isRooted: top.parent_id === null,
    hasLoop: chain.length !== rows.length,
  };
}

export function findChildren(db: Db, options: { userId: string; taskId: string }): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, options.userId), eq(tasks.parentId, options.taskId), isNull(tasks.deletedAt)))
    .orderBy(asc(tasks.priority), asc(tasks.id));
}

/** The manual order of a column's visible tasks (not trashed, not archived), without one task. */
export function findColumnOrder(
  db: Db,
  options: { userId: string; columnId: string; excludeTaskId?: string },
) {
  return db
    .select({ id: tasks.id, priority: tasks.priority })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, options.userId),
        eq(tasks.columnId, options.columnId),
        isNull(tasks.deletedAt),
        isNull(tasks.archivedAt),
        options.excludeTaskId ? ne(tasks.id, options.excludeTaskId) : undefined,
      ),
    )
    .orderBy(asc(tasks.priority), asc(tasks.id));
}

/** The manual order among a task's siblings (same parent, or top level), without the task. */
export function findSiblingOrder(
  db: Db,
  options: { userId: string; parentId: string | null; excludeTaskId: string },
) {
  return db
    .select({ id: tasks.id, priority: tasks.priority })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, options.userId),
        options.parentId ? eq(tasks.parentId, options.parentId) : isNull(tasks.parentId),
        isNull(tasks.deletedAt),
        ne(tasks.id, options.excludeTaskId),
      ),
    )
    .orderBy(asc(tasks.priority), asc(tasks.id));
}

export async function findLastPriorityInColumn(
  db: Db,
  options: { userId: string; columnId: string },
): Promise<number | undefined> {
  const [row] = await db
    .select({ value: max(tasks.priority) })
    .from(tasks)
    .where(and(eq(tasks.userId, options.userId), eq(tasks.columnId, options.columnId)));
  return row?.value ?? undefined;
}

export function findTaskPage(db: Db, options: { where: SQL; orderBy: SQL[]; limit: number }) {
  return db
    .select()
    .from(tasks)
    .where(options.where)
    .orderBy(...options.orderBy)
    .limit(options.limit);
}

export type TaskExtras = { checklistProgress: { completed: number; total: number }; childrenCount: number };

/** Checklist progress and subtask counts for a page of tasks, in two grouped queries (no N+1). */
export async function findTaskExtras(
  db: Db,
  options: { userId: string; taskIds: string[] },
): Promise<Map<string, TaskExtras>> {
  const extras = new Map<string, TaskExtras>(
    options.taskIds.map((id) => [id, { checklistProgress: { completed: 0, total: 0 }, childrenCount: 0 }]),
  );
  if (options.taskIds.length === 0) return extras;
  const progress = await db
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
        eq(checklistItems.userId, options.userId),
        inArray(checklistItems.taskId, options.taskIds),
        eq(checklistItems.isOptional, false),
        isNull(checklistItems.deletedAt),
        isNull(checklistItems.archivedAt),
      ),
    )
    .groupBy(checklistItems.taskId);
  for (const row of progress) {
    const entry = extras.get(row.taskId);
    if (entry) entry.checklistProgress = { completed: row.completed, total: row.total };
  }
  const children = await db
    .select({ parentId: tasks.parentId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, options.userId),
        inArray(tasks.parentId, options.taskIds),
        isNull(tasks.deletedAt),
      ),
    )
    .groupBy(tasks.parentId);
  for (const row of children) {
    const entry = row.parentId ? extras.get(row.parentId) : undefined;
    if (entry) entry.childrenCount = row.count;
  }
  return extras;
}

/** Open and completed counts of every smart view in one pass over the user's tasks. */
export async function countSmartViews(db: Db, options: { userId: string; bounds: DayBounds }) {
  const columnsToSelect = Object.fromEntries(
    smartViews.flatMap((view) => {
      const rule = smartViewFilter(view, options.bounds);
      return [
        [
          `${view}:open`,
          sql<number>`count(*) filter (where ${rule} and ${tasks.completedAt} is null)`.mapWith(Number),
        ],
        [
          `${view}:completed`,
          sql<number>`count(*) filter (where ${rule} and ${tasks.completedAt} is not null)`.mapWith(Number),
        ],
      ];
    }),
  ) as Record<string, SQL.Aliased<number> | SQL<number>>;
  const [row] = await db
    .select(columnsToSelect as Record<string, SQL<number>>)
    .from(tasks)
    .where(and(eq(tasks.userId, options.userId), isNull(tasks.deletedAt)));
  return row ?? {};
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
        select t.id, t.parent_id, t.list_id, t.title, t.priority, t.completed_at, t.archived_at, t.due_date, tree.depth
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
