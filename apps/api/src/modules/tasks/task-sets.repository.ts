import { and, eq, inArray, isNull, max, min, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inBatches } from '../../lib/batches';
import { ORDER_GAP } from '../../lib/ordering';
import { tasks } from './tasks.table';

/**
 * Statements over many tasks at once: each costs the same few round trips for one task or five hundred
 * (a statement per 500 rows at most, to stay inside PostgreSQL's limit on parameters).
 */

/** What placing tasks into a column does to their completion. */
export type CompletionChange =
  /** Leaves it as it is. */
  | { kind: 'keep' }
  /** Completes the open ones at `at`; completed ones keep their time. */
  | { kind: 'complete'; at: Date }
  /** Reopens every one. */
  | { kind: 'reopen' }
  /** Reopens the ones that come from `columnId` (the completion column). */
  | { kind: 'reopen-from'; columnId: string };

function completedAtFor(change: CompletionChange): SQL | null | undefined {
  switch (change.kind) {
    case 'keep':
      return undefined;
    case 'complete':
      return sql`coalesce(${tasks.completedAt}, ${change.at.toISOString()}::timestamptz)`;
    case 'reopen':
      return null;
    case 'reopen-from':
      return sql`case when ${tasks.columnId} = ${change.columnId} then null else ${tasks.completedAt} end`;
  }
}

/**
 * The highest priority in a column, leaving `excludeTaskIds` out. `isVisibleOnly` counts only what the
 * board shows (not archived, not trashed), the order a dropped task joins.
 */
export async function findLastPriority(
  db: Db,
  options: { userId: string; columnId: string; isVisibleOnly: boolean; excludeTaskIds?: readonly string[] },
): Promise<number | undefined> {
  const excluded = options.excludeTaskIds ?? [];
  const [row] = await db
    .select({ value: max(tasks.priority) })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, options.userId),
        eq(tasks.columnId, options.columnId),
        options.isVisibleOnly ? and(isNull(tasks.deletedAt), isNull(tasks.archivedAt)) : undefined,
        excluded.length > 0 ? notInArray(tasks.id, [...excluded]) : undefined,
      ),
    );
  return row?.value ?? undefined;
}

/**
 * Puts the tasks into a column one after another, in the given order, the first at `firstPriority`
 * and each next one a gap further; `completion` says what happens to their completion.
 */
export async function placeTasksInColumn(
  db: Db,
  options: {
    userId: string;
    columnId: string;
    taskIds: readonly string[];
    firstPriority: number;
    completion: CompletionChange;
    updatedAt: Date;
  },
): Promise<void> {
  const completedAt = completedAtFor(options.completion);
  let offset = 0;
  for (const batch of inBatches(options.taskIds)) {
    // Priorities are computed here, not sent: only the ids travel as parameters.
    const priority = sql`case ${tasks.id} ${sql.join(
      batch.map(
        (id, index) =>
          sql`when ${id} then ${sql.raw(String(options.firstPriority + (offset + index) * ORDER_GAP))}`,
      ),
      sql` `,
    )} end`;
    await db
      .update(tasks)
      .set({
        columnId: options.columnId,
        priority,
        updatedAt: options.updatedAt,
        ...(completedAt === undefined ? {} : { completedAt }),
      })
      .where(and(eq(tasks.userId, options.userId), inArray(tasks.id, batch)));
    offset += batch.length;
  }
}

/**
 * The open, live tasks among `taskIds`, in their manual order, leaving out those already in
 * `notInColumnId` when given.
 */
export async function findOpenTaskIds(
  db: Db,
  options: { userId: string; taskIds: readonly string[]; notInColumnId?: string | undefined },
): Promise<string[]> {
  const found: { id: string; priority: number }[] = [];
  for (const batch of inBatches(options.taskIds)) {
    found.push(
      ...(await db
        .select({ id: tasks.id, priority: tasks.priority })
        .from(tasks)
        .where(
          and(
            eq(tasks.userId, options.userId),
            inArray(tasks.id, batch),
            isNull(tasks.completedAt),
            isNull(tasks.deletedAt),
            options.notInColumnId ? ne(tasks.columnId, options.notInColumnId) : undefined,
          ),
        )),
    );
  }
  // Sorted here, since the rows may come from several batches; ids are lower-case hex, as in SQL.
  found.sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return found.map((row) => row.id);
}

/** Completes the open, live tasks among `taskIds`. */
export async function completeOpenTasks(
  db: Db,
  options: { userId: string; taskIds: readonly string[]; at: Date },
): Promise<void> {
  for (const batch of inBatches(options.taskIds)) {
    await db
      .update(tasks)
      .set({ completedAt: options.at, updatedAt: options.at })
      .where(
        and(
          eq(tasks.userId, options.userId),
          inArray(tasks.id, batch),
          isNull(tasks.completedAt),
          isNull(tasks.deletedAt),
        ),
      );
  }
}

/** Tasks among `taskIds` whose parent is missing or in the trash go to the top level. */
export async function detachFromTrashedParents(
  db: Db,
  options: { userId: string; taskIds: readonly string[] },
): Promise<void> {
  for (const batch of inBatches(options.taskIds)) {
    await db.execute(
      sql`update tasks t set parent_id = null
           where t.user_id = ${options.userId} and t.id in ${batch} and t.parent_id is not null
             and not exists (
               select 1 from tasks p
                where p.user_id = t.user_id and p.id = t.parent_id and p.deleted_at is null
             )`,
    );
  }
}

/** Moves every task of one column to the end of another, keeping their order. */
export async function moveColumnTasks(
  db: Db,
  options: { userId: string; fromColumnId: string; toColumnId: string },
): Promise<void> {
  const [target] = await db
    .select({ last: max(tasks.priority) })
    .from(tasks)
    .where(and(eq(tasks.userId, options.userId), eq(tasks.columnId, options.toColumnId)));
  const [source] = await db
    .select({ first: min(tasks.priority) })
    .from(tasks)
    .where(and(eq(tasks.userId, options.userId), eq(tasks.columnId, options.fromColumnId)));
  const offset = (target?.last ?? 0) + ORDER_GAP - (source?.first ?? 0);
  await db
    .update(tasks)
    .set({ columnId: options.toColumnId, priority: sql`${tasks.priority} + ${offset}` })
    .where(and(eq(tasks.userId, options.userId), eq(tasks.columnId, options.fromColumnId)));
}

export type ListTaskCounts = { open: number; completed: number };

/** Open and completed counts of live, unarchived tasks per list, in one grouped query. */
export async function countTasksByList(db: Db, userId: string): Promise<Map<string, ListTaskCounts>> {
  const rows = await db
    .select({
      listId: tasks.listId,
      open: sql<number>`count(*) filter (where ${tasks.completedAt} is null)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${tasks.completedAt} is not null)`.mapWith(Number),
    })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNull(tasks.deletedAt), isNull(tasks.archivedAt)))
    .groupBy(tasks.listId);
  const counts = new Map<string, ListTaskCounts>();
  for (const row of rows) {
    if (row.listId) counts.set(row.listId, { open: row.open, completed: row.completed });
  }
  return counts;
}
