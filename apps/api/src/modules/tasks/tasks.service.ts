import type {
  BulkTasksBody,
  CreateTaskBody,
  ListTasksQuery,
  MoveTaskBody,
  SmartViewCounts,
  Task,
  TaskDetail,
  TaskPage,
  TaskTreeNode,
  UpdateTaskBody,
} from '@cairn/contracts/tasks';
import { MAX_TASK_DEPTH, smartViews } from '@cairn/contracts/tasks';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { getDayBounds } from '../../lib/day-bounds';
import { type Placement, resolvePlacement } from '../../lib/placement';
import * as columns from '../columns/columns.service';
import { assertListExists } from '../lists/lists.service';
import { getTaskManagerConfig } from '../task-manager-config/task-manager-config.service';
import { resolveTimeZone } from '../users/users.service';
import { duplicateChecklistItems, findChecklistItems } from './checklist-items.service';
import { encodeTaskCursor } from './task-cursor';
import { buildTaskQuery } from './task-query';
import type { TaskChanges, TaskExtras, TaskRow } from './tasks.repository';
import * as repository from './tasks.repository';

type Scope = { userId: string; taskId: string };

const DEFAULT_PAGE_SIZE = 50;

function toTask(row: TaskRow, extras: TaskExtras | undefined): Task {
  return {
    id: row.id,
    title: row.title,
    dueDate: row.dueDate,
    estimatedTime: row.estimatedTime,
    parentId: row.parentId,
    columnId: row.columnId,
    listId: row.listId,
    urgency: row.urgency,
    importance: row.importance,
    priority: row.priority,
    isAdhoc: row.isAdhoc,
    note: row.note,
    rrule: row.rrule,
    quickurrence: (row.quickurrence as Record<string, unknown> | null) ?? null,
    recurrenceId: row.recurrenceId,
    reward: row.reward,
    addedToToday: row.addedToToday,
    addedToNew: row.addedToNew,
    rewardedAt: row.rewardedAt,
    completedAt: row.completedAt,
    deletedAt: row.deletedAt,
    archivedAt: row.archivedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    checklistProgress: extras?.checklistProgress ?? { completed: 0, total: 0 },
    childrenCount: extras?.childrenCount ?? 0,
  };
}

async function toTasks(ctx: AppContext, userId: string, rows: TaskRow[]): Promise<Task[]> {
  const extras = await repository.findTaskExtras(ctx.db, { userId, taskIds: rows.map((row) => row.id) });
  return rows.map((row) => toTask(row, extras.get(row.id)));
}

async function getTaskRow(ctx: AppContext, scope: Scope): Promise<TaskRow> {
  const row = await repository.findTask(ctx.db, scope);
  if (!row) throw notFound('Task');
  return row;
}

/** A task that is in the trash can be read and restored, but not worked on. */
async function getLiveTaskRow(ctx: AppContext, scope: Scope): Promise<TaskRow> {
  const row = await getTaskRow(ctx, scope);
  if (row.deletedAt) throw new AppError('CONFLICT', 'The task is in the trash; restore it first');
  return row;
}

export async function getTask(ctx: AppContext, scope: Scope): Promise<Task> {
  const [task] = await toTasks(ctx, scope.userId, [await getTaskRow(ctx, scope)]);
  return task as Task;
}

export async function getTaskDetail(ctx: AppContext, scope: Scope): Promise<TaskDetail> {
  const task = await getTask(ctx, scope);
  const [children, ancestry, checklistItems] = await Promise.all([
    repository.findChildren(ctx.db, scope),
    repository.findAncestry(ctx.db, scope),
    findChecklistItems(ctx, scope),
  ]);
  const breadcrumbs = ancestry?.ancestors ?? [];
  return {
    ...task,
    children: children.map((child) => ({
      id: child.id,
      title: child.title,
      completedAt: child.completedAt,
      archivedAt: child.archivedAt,
      dueDate: child.dueDate,
    })),
    breadcrumbs,
    checklistItems,
    level: breadcrumbs.length,
  };
}

function tooDeep(deepestLevel?: number): AppError {
  return new AppError('TOO_DEEP', `Subtasks can be nested at most ${MAX_TASK_DEPTH} levels deep`, {
    ...(deepestLevel === undefined
      ? {}
      : { detail: `The deepest subtask would be at level ${deepestLevel}` }),
  });
}

/** How many levels a task's subtree reaches below it (0 for a task without subtasks), trashed ones included. */
async function findSubtreeHeight(ctx: AppContext, scope: Scope): Promise<number> {
  const subtree = await repository.findSubtree(ctx.db, { ...scope, isLiveOnly: false });
  return subtree.reduce((height, entry) => Math.max(height, entry.depth), 0);
}

/**
 * A parent must be one of the user's live tasks, must not sit at or below the task itself, and must
 * leave the task's whole subtree within the depth limit. Call it with the task tree locked, so the
 * answer still holds when the change is written.
 */
async function assertValidParent(
  ctx: AppContext,
  options: { userId: string; taskId?: string; parentId: string },
) {
  const { userId } = options;
  const parent = await repository.findTask(ctx.db, { userId, taskId: options.parentId });
  if (!parent || parent.deletedAt) throw notFound('Parent task');
  const ancestry = await repository.findAncestry(ctx.db, { userId, taskId: parent.id });
  const chain = [parent.id, ...(ancestry?.ancestors ?? []).map((ancestor) => ancestor.id)];
  // Ids from the database are lower-case; the caller's may not be.
  if (options.taskId && chain.includes(options.taskId.toLowerCase())) {
    throw new AppError('INVALID_PARENT', 'A task cannot be placed under itself or one of its own subtasks');
  }
  if (!ancestry || ancestry.hasLoop) {
    throw new AppError(
      'INVALID_PARENT',
      'The chosen parent sits in a loop of subtasks; move one of them to the top level first',
    );
  }
  if (!ancestry.isRooted) throw tooDeep();
  const height = options.taskId ? await findSubtreeHeight(ctx, { userId, taskId: options.taskId }) : 0;
  const deepestLevel = ancestry.ancestors.length + 1 + height;
  if (deepestLevel > MAX_TASK_DEPTH) throw tooDeep(deepestLevel);
}

async function resolveColumnId(ctx: AppContext, options: { userId: string; columnId: string | undefined }) {
  if (options.columnId)
    return (await columns.getColumn(ctx, { userId: options.userId, columnId: options.columnId })).id;
  return (await columns.getDefaultColumn(ctx, { userId: options.userId })).id;
}

async function nextPriorityInColumn(ctx: AppContext, options: { userId: string; columnId: string }) {
  const last = await repository.findLastPriorityInColumn(ctx.db, options);
  return last === undefined ? 0 : last + 1024;
}

export async function createTask(
  ctx: AppContext,
  options: { userId: string; body: CreateTaskBody },
): Promise<Task> {
  const { userId, body } = options;
  return inTransaction(ctx, async (tx) => {
    if (body.parentId) await repository.lockTaskTree(tx.db, userId);
    if (body.listId) await assertListExists(tx, { userId, listId: body.listId });
    if (body.parentId) await assertValidParent(tx, { userId, parentId: body.parentId });
    const columnId = await resolveColumnId(tx, { userId, columnId: body.columnId });
    const column = await columns.getColumn(tx, { userId, columnId });
    const now = tx.clock.now();
    const row = await repository.insertTask(tx.db, {
      ...body,
      userId,
      columnId,
      dueDate: body.dueDate ? new Date(body.dueDate) : null,
      priority: await nextPriorityInColumn(tx, { userId, columnId }),
      completedAt: column.isCompletion ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    return toTask(row, undefined);
  });
}

export async function updateTask(
  ctx: AppContext,
  options: Scope & { changes: UpdateTaskBody },
): Promise<Task> {
  const { userId, taskId, changes } = options;
  await inTransaction(ctx, async (tx) => {
    if (changes.parentId !== undefined) await repository.lockTaskTree(tx.db, userId);
    const current = await getLiveTaskRow(tx, options);
    if (changes.listId) await assertListExists(tx, { userId, listId: changes.listId });
    if (changes.parentId)
      await assertValidParent(tx, { userId, taskId: current.id, parentId: changes.parentId });
    const { columnId, dueDate, ...rest } = changes;
    const update: TaskChanges = { ...rest, updatedAt: tx.clock.now() };
    if (dueDate !== undefined) update.dueDate = dueDate ? new Date(dueDate) : null;
    await repository.updateTask(tx.db, { userId, taskId, changes: update });
    if (columnId && columnId !== current.columnId) {
      await moveTaskInTransaction(tx, {
        userId,
        taskId,
        body: { columnId, position: Number.MAX_SAFE_INTEGER },
      });
    }
  });
  return getTask(ctx, options);
}

/**
 * Puts a task into a column at the given place. Entering the completion column completes the task;
 * leaving it reopens it.
 */
async function moveTaskInTransaction(ctx: AppContext, options: Scope & { body: MoveTaskBody }) {
  const { userId, taskId } = options;
  const task = await getLiveTaskRow(ctx, options);
  const target = await columns.getColumn(ctx, { userId, columnId: options.body.columnId });
  const source = await columns.getColumn(ctx, { userId, columnId: task.columnId });
  const order = await repository.findColumnOrder(ctx.db, {
    userId,
    columnId: target.id,
    excludeTaskId: taskId,
  });
  const priority = await resolvePlacement({
    order,
    placement: options.body,
    respace: (changes) => respaceTasks(ctx, { userId, changes }),
  });
  const now = ctx.clock.now();
  const changes: TaskChanges = { columnId: target.id, priority, updatedAt: now };
  if (target.isCompletion && !task.completedAt) changes.completedAt = now;
  if (source.isCompletion && !target.isCompletion) changes.completedAt = null;
  await repository.updateTask(ctx.db, { userId, taskId, changes });
}

export async function moveTask(ctx: AppContext, options: Scope & { body: MoveTaskBody }): Promise<Task> {
  await inTransaction(ctx, (tx) => moveTaskInTransaction(tx, options));
  return getTask(ctx, options);
}

/** Places a task under a new parent (or at the top level) at a place among its siblings. */
export async function reparentTask(
  ctx: AppContext,
  options: Scope & { parentId: string | null; placement: Placement },
): Promise<Task> {
  const { userId, taskId } = options;
  await inTransaction(ctx, async (tx) => {
    await repository.lockTaskTree(tx.db, userId);
    const task = await getLiveTaskRow(tx, options);
    if (options.parentId)
      await assertValidParent(tx, { userId, taskId: task.id, parentId: options.parentId });
    const siblings = await repository.findSiblingOrder(tx.db, {
      userId,
      parentId: options.parentId,
      excludeTaskId: taskId,
    });
    const priority = await resolvePlacement({
      order: siblings,
      placement: options.placement,
      respace: (changes) => respaceTasks(tx, { userId, changes }),
    });
    await repository.updateTask(tx.db, {
      userId,
      taskId,
      changes: { parentId: options.parentId, priority, updatedAt: tx.clock.now() },
    });
  });
  return getTask(ctx, options);
}

async function respaceTasks(
  ctx: AppContext,
  options: { userId: string; changes: { id: string; priority: number }[] },
) {
  for (const change of options.changes) {
    await repository.updateTask(ctx.db, {
      userId: options.userId,
      taskId: change.id,
      changes: { priority: change.priority },
    });
  }
}

/**
 * Completes a task (and, when asked, its open subtasks). A parent with open subtasks is
 * refused unless withChildren is set, so the client can ask the user first.
 */
async function completeTaskInTransaction(ctx: AppContext, options: Scope & { withChildren: boolean }) {
  const { userId, taskId } = options;
  const task = await getLiveTaskRow(ctx, options);
  const subtree = await repository.findSubtreeIds(ctx.db, options);
  const descendants = subtree.filter((id) => id !== taskId);
  const openDescendants = await repository.countOpenTasks(ctx.db, { userId, taskIds: descendants });
  if (openDescendants > 0 && !options.withChildren) {
    throw new AppError('HAS_OPEN_SUBTASKS', 'This task has open subtasks; complete them too?', {
      detail: `${openDescendants} open subtask${openDescendants === 1 ? '' : 's'}`,
    });
  }
  const now = ctx.clock.now();
  const completionColumn = await columns.findCompletionColumn(ctx, { userId });
  const toComplete = (await repository.findTasksByIds(ctx.db, { userId, taskIds: subtree })).filter(
    (row) => !row.completedAt && !row.deletedAt && (row.id === taskId || options.withChildren),
  );
  for (const row of toComplete) {
    const changes: TaskChanges = { completedAt: now, updatedAt: now };
    if (completionColumn && row.columnId !== completionColumn.id) {
      changes.columnId = completionColumn.id;
      changes.priority = await nextPriorityInColumn(ctx, { userId, columnId: completionColumn.id });
    }
    await repository.updateTask(ctx.db, { userId, taskId: row.id, changes });
  }
  return task;
}

export async function completeTask(
  ctx: AppContext,
  options: Scope & { withChildren: boolean },
): Promise<Task> {
  await inTransaction(ctx, (tx) => completeTaskInTransaction(tx, options));
  return getTask(ctx, options);
}

/** Reopens a task; one sitting in the completion column goes back to the default column. */
async function uncompleteTaskInTransaction(ctx: AppContext, scope: Scope) {
  const task = await getLiveTaskRow(ctx, scope);
  const now = ctx.clock.now();
  const changes: TaskChanges = { completedAt: null, updatedAt: now };
  const column = await columns.getColumn(ctx, { userId: scope.userId, columnId: task.columnId });
  if (column.isCompletion) {
    const fallback = await columns.getDefaultColumn(ctx, { userId: scope.userId });
    changes.columnId = fallback.id;
    changes.priority = await nextPriorityInColumn(ctx, { userId: scope.userId, columnId: fallback.id });
  }
  await repository.updateTask(ctx.db, { ...scope, changes });
}

export async function uncompleteTask(ctx: AppContext, scope: Scope): Promise<Task> {
  await inTransaction(ctx, (tx) => uncompleteTaskInTransaction(tx, scope));
  return getTask(ctx, scope);
}

async function setArchived(ctx: AppContext, scope: Scope & { isArchived: boolean }) {
  await getLiveTaskRow(ctx, scope);
  const now = ctx.clock.now();
  await repository.updateTask(ctx.db, {
    ...scope,
    changes: { archivedAt: scope.isArchived ? now : null, updatedAt: now },
  });
}

export async function archiveTask(ctx: AppContext, scope: Scope & { isArchived: boolean }): Promise<Task> {
  await setArchived(ctx, scope);
  return getTask(ctx, scope);
}

/** Moves the task and its whole subtree to the trash. */
async function trashTaskInTransaction(ctx: AppContext, scope: Scope) {
  await getLiveTaskRow(ctx, scope);
  const now = ctx.clock.now();
  const subtree = await repository.findSubtreeIds(ctx.db, scope);
  await repository.updateTasks(ctx.db, {
    userId: scope.userId,
    taskIds: subtree,
    changes: { deletedAt: now, updatedAt: now },
  });
}

export async function trashTask(ctx: AppContext, scope: Scope): Promise<void> {
  await inTransaction(ctx, (tx) => trashTaskInTransaction(tx, scope));
}

/**
 * Brings a task and its subtree back from the trash. If its parent is still in the trash, it
 * comes back at the top level rather than staying hidden under a deleted parent.
 */
async function restoreTaskInTransaction(ctx: AppContext, scope: Scope) {
  // It may move the task to the top level, so it waits for other changes to the tree.
  await repository.lockTaskTree(ctx.db, scope.userId);
  const task = await getTaskRow(ctx, scope);
  if (!task.deletedAt) return;
  const now = ctx.clock.now();
  const subtree = await repository.findSubtreeIds(ctx.db, scope);
  await repository.updateTasks(ctx.db, {
    userId: scope.userId,
    taskIds: subtree,
    changes: { deletedAt: null, updatedAt: now },
  });
  if (task.parentId) {
    const parent = await repository.findTask(ctx.db, { userId: scope.userId, taskId: task.parentId });
    if (!parent || parent.deletedAt)
      await repository.updateTask(ctx.db, { ...scope, changes: { parentId: null } });
  }
}

export async function restoreTask(ctx: AppContext, scope: Scope): Promise<Task> {
  await inTransaction(ctx, (tx) => restoreTaskInTransaction(tx, scope));
  return getTask(ctx, scope);
}

/** Deletes for good; only from the trash, so nothing disappears in one click. */
export async function purgeTask(ctx: AppContext, scope: Scope): Promise<void> {
  const task = await getTaskRow(ctx, scope);
  if (!task.deletedAt)
    throw new AppError('CONFLICT', 'Move the task to the trash before deleting it for good');
  await repository.deleteTask(ctx.db, scope);
}

export async function emptyTrash(ctx: AppContext, options: { userId: string }): Promise<number> {
  return repository.purgeTrash(ctx.db, options.userId);
}

/**
 * Copies a task with its checklist and subtasks, placed right after the original, all open. The
 * subtree is read in one query and written a batch at a time, so a deep tree costs no more round
 * trips than a wide one.
 */
export async function duplicateTask(ctx: AppContext, scope: Scope): Promise<Task> {
  const { userId } = scope;
  const copyId = await inTransaction(ctx, async (tx) => {
    await repository.lockTaskTree(tx.db, userId);
    const original = await getLiveTaskRow(tx, scope);
    const ancestry = await repository.findAncestry(tx.db, { userId, taskId: original.id });
    if (!ancestry || ancestry.hasLoop) {
      throw new AppError(
        'INVALID_PARENT',
        'This task sits in a loop of subtasks; move it to the top level before copying it',
      );
    }
    const subtree = await repository.findSubtree(tx.db, { userId, taskId: original.id, isLiveOnly: true });
    const height = subtree.reduce((deepest, entry) => Math.max(deepest, entry.depth), 0);
    if (!ancestry.isRooted || ancestry.ancestors.length + height > MAX_TASK_DEPTH) throw tooDeep();
    const rows = new Map(
      (await repository.findTasksByIds(tx.db, { userId, taskIds: subtree.map((entry) => entry.id) })).map(
        (row) => [row.id, row],
      ),
    );
    const now = tx.clock.now();
    const copyIds = await repository.insertTreeCopy(tx.db, {
      rootParentId: original.parentId,
      entries: subtree.map((entry) => {
        const {
          id: _id,
          parentId: _parentId,
          createdAt: _createdAt,
          updatedAt: _updatedAt,
          ...fields
        } = rows.get(entry.id) as TaskRow;
        return {
          sourceId: entry.id,
          sourceParentId: entry.parentId,
          values: {
            ...fields,
            completedAt: null,
            archivedAt: null,
            deletedAt: null,
            rewardedAt: null,
            createdAt: now,
            updatedAt: now,
          },
        };
      }),
    });
    await duplicateChecklistItems(tx, { userId, copies: copyIds });
    const copyRootId = copyIds.get(original.id) as string;
    const order = await repository.findColumnOrder(tx.db, { userId, columnId: original.columnId });
    const index = order.findIndex((entry) => entry.id === original.id);
    await moveTaskInTransaction(tx, {
      userId,
      taskId: copyRootId,
      body: { columnId: original.columnId, position: index + 1 },
    });
    return copyRootId;
  });
  return getTask(ctx, { userId, taskId: copyId });
}

export async function findTasks(
  ctx: AppContext,
  options: { userId: string; query: ListTasksQuery; requestTimeZone: string | undefined },
): Promise<TaskPage> {
  const timeZone = await resolveTimeZone(ctx, options);
  const bounds = getDayBounds(ctx.clock.now(), timeZone);
  const limit = options.query.limit ?? DEFAULT_PAGE_SIZE;
  const built = buildTaskQuery({ userId: options.userId, query: options.query, bounds });
  const rows = await repository.findTaskPage(ctx.db, {
    where: built.where,
    orderBy: built.orderBy,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await toTasks(ctx, options.userId, page),
    nextCursor: rows.length > limit && last ? encodeTaskCursor(built.cursorOf(last)) : null,
  };
}

export async function countSmartViews(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined },
): Promise<SmartViewCounts> {
  const timeZone = await resolveTimeZone(ctx, options);
  const bounds = getDayBounds(ctx.clock.now(), timeZone);
  const row = (await repository.countSmartViews(ctx.db, { userId: options.userId, bounds })) as Record<
    string,
    number
  >;
  return {
    items: smartViews.map((view) => ({
      view,
      open: row[`${view}:open`] ?? 0,
      completed: row[`${view}:completed`] ?? 0,
    })),
  };
}

/** Applies one action to many tasks in one transaction: all of them change, or none. */
export async function bulkUpdateTasks(
  ctx: AppContext,
  options: { userId: string; body: BulkTasksBody },
): Promise<{ updated: number }> {
  const { userId, body } = options;
  const config = await getTaskManagerConfig(ctx, { userId });
  if (!config.isBatchEnabled) {
    throw new AppError('BATCH_DISABLED', 'Batch editing is turned off in your task settings');
  }
  const ids = [...new Set(body.ids)];
  await inTransaction(ctx, async (tx) => {
    const found = await repository.findTasksByIds(tx.db, { userId, taskIds: ids });
    if (found.length !== ids.length) throw notFound('Task');
    if (body.action === 'setList' && body.listId) await assertListExists(tx, { userId, listId: body.listId });
    for (const taskId of ids) {
      const scope = { userId, taskId };
      switch (body.action) {
        case 'move':
          await moveTaskInTransaction(tx, {
            ...scope,
            body: { columnId: body.columnId, position: Number.MAX_SAFE_INTEGER },
          });
          break;
        case 'complete':
          await completeTaskInTransaction(tx, { ...scope, withChildren: true });
          break;
        case 'uncomplete':
          await uncompleteTaskInTransaction(tx, scope);
          break;
        case 'archive':
        case 'unarchive':
          await setArchived(tx, { ...scope, isArchived: body.action === 'archive' });
          break;
        case 'delete':
          if (!(await repository.findTask(tx.db, scope))?.deletedAt) await trashTaskInTransaction(tx, scope);
          break;
        case 'restore':
          await restoreTaskInTransaction(tx, scope);
          break;
        case 'setList':
          await getLiveTaskRow(tx, scope);
          await repository.updateTask(tx.db, {
            ...scope,
            changes: { listId: body.listId, updatedAt: tx.clock.now() },
          });
          break;
        case 'setUrgency':
          await getLiveTaskRow(tx, scope);
          await repository.updateTask(tx.db, {
            ...scope,
            changes: { urgency: body.urgency, updatedAt: tx.clock.now() },
          });
          break;
        case 'setImportance':
          await getLiveTaskRow(tx, scope);
          await repository.updateTask(tx.db, {
            ...scope,
            changes: { importance: body.importance, updatedAt: tx.clock.now() },
          });
          break;
      }
    }
  });
  return { updated: ids.length };
}

/**
 * Nests tree rows under their roots, level by level without recursion. Each task is placed once,
 * under the first parent that reaches it, so even rows from a damaged tree cannot nest in a loop.
 */
function buildForest(
  rows: Awaited<ReturnType<typeof repository.findTreeRows>>,
  rootIds: string[],
): TaskTreeNode[] {
  const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));
  const toNode = (row: (typeof rows)[number]): TaskTreeNode => ({
    id: row.id,
    title: row.title,
    listId: row.list_id,
    completedAt: toDate(row.completed_at),
    archivedAt: toDate(row.archived_at),
    dueDate: toDate(row.due_date),
    children: [],
  });
  const roots = new Set(rootIds);
  const childrenOf = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) {
    if (roots.has(row.id) || !row.parent_id) continue;
    const siblings = childrenOf.get(row.parent_id);
    if (siblings) siblings.push(row);
    else childrenOf.set(row.parent_id, [row]);
  }
  const placed = new Set<string>();
  const forest: TaskTreeNode[] = [];
  const queue: TaskTreeNode[] = [];
  for (const row of rows) {
    if (!roots.has(row.id) || placed.has(row.id)) continue;
    const node = toNode(row);
    placed.add(row.id);
    forest.push(node);
    queue.push(node);
  }
  for (let index = 0; index < queue.length; index += 1) {
    const next = queue[index] as TaskTreeNode;
    for (const row of childrenOf.get(next.id) ?? []) {
      if (placed.has(row.id)) continue;
      const child = toNode(row);
      placed.add(row.id);
      next.children.push(child);
      queue.push(child);
    }
  }
  return forest;
}

export async function getTaskTree(ctx: AppContext, scope: Scope): Promise<TaskTreeNode> {
  const task = await getLiveTaskRow(ctx, scope);
  const rows = await repository.findTreeRows(ctx.db, { userId: scope.userId, rootIds: [task.id] });
  const [tree] = buildForest(rows, [task.id]);
  if (!tree) throw notFound('Task');
  return tree;
}

export async function getListTree(
  ctx: AppContext,
  options: { userId: string; listId: string },
): Promise<TaskTreeNode[]> {
  await assertListExists(ctx, options);
  const rootIds = await repository.findListRootIds(ctx.db, options);
  const rows = await repository.findTreeRows(ctx.db, { userId: options.userId, rootIds });
  return buildForest(rows, rootIds);
}
