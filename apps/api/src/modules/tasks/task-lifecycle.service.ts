import type { CompleteTaskResponse, CreateTaskBody, Task, UpdateTaskBody } from '@cairn/contracts/tasks';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { inBatches } from '../../lib/batches';
import { getStartOfDay } from '../../lib/day-bounds';
import { collectTaskAttachmentFiles } from '../attachments/attachments-cleanup';
import * as columns from '../columns/columns.service';
import { assertListExists } from '../lists/lists.service';
import { resolveTimeZone } from '../users/users.service';
import { assertValidParent } from './task-parents.service';
import { appendTasksToColumn, moveTaskInTransaction, nextPriorityInColumn } from './task-placement.service';
import {
  createNextOccurrences,
  reanchorRecurrence,
  resolveRecurrenceChanges,
} from './task-recurrence.service';
import * as sets from './task-sets.repository';
import type { TaskChanges, TaskRow } from './tasks.repository';
import * as repository from './tasks.repository';
import { getLiveTaskRow, getTask, getTaskRow, type TaskScope, toNewTask } from './tasks.service';
import { assertTodayHasRoom } from './today-plan.service';

/**
 * A task's life: created, changed, completed and reopened, archived, trashed, restored, purged.
 * The changes that batch editing offers work on a set of tasks with a fixed number of statements.
 */

type TaskSet = { userId: string; taskIds: readonly string[] };

/** The column a new task goes to: the one asked for, else the default. */
function resolveColumn(ctx: AppContext, options: { userId: string; columnId: string | undefined }) {
  return options.columnId
    ? columns.getColumn(ctx, { userId: options.userId, columnId: options.columnId })
    : columns.getDefaultColumn(ctx, { userId: options.userId });
}

/**
 * The stored form of a due date. A whole-day due is kept as the start of its day in the request's time
 * zone (the browser's, else the profile's), so the smart views, which compare dues with that zone's day
 * bounds, count it as Today through that day and as Overdue only from the next. A task without a due
 * date reads as timed, the column's default.
 */
async function toStoredDue(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined; dueDate: Date | null; hasTime: boolean },
): Promise<{ dueDate: Date | null; dueDateHasTime: boolean }> {
  const { dueDate, hasTime } = options;
  if (!dueDate) return { dueDate: null, dueDateHasTime: true };
  if (hasTime) return { dueDate, dueDateHasTime: true };
  return { dueDate: getStartOfDay(dueDate, await resolveTimeZone(ctx, options)), dueDateHasTime: false };
}

export async function createTask(
  ctx: AppContext,
  options: { userId: string; body: CreateTaskBody; requestTimeZone: string | undefined },
): Promise<Task> {
  const { quickurrence, rrule, ...body } = options.body;
  const { userId } = options;
  const due = await toStoredDue(ctx, {
    ...options,
    dueDate: body.dueDate ? new Date(body.dueDate) : null,
    hasTime: body.dueDateHasTime ?? true,
  });
  return inTransaction(ctx, async (tx) => {
    if (body.parentId) await repository.lockTaskTree(tx.db, userId);
    if (body.listId) await assertListExists(tx, { userId, listId: body.listId });
    if (body.parentId) await assertValidParent(tx, { userId, parentId: body.parentId });
    const column = await resolveColumn(tx, { userId, columnId: body.columnId });
    const columnId = column.id;
    const now = tx.clock.now();
    const recurrence = await resolveRecurrenceChanges(tx, {
      userId,
      requestTimeZone: options.requestTimeZone,
      quickurrence,
      rrule,
      due,
      current: undefined,
    });
    const completedAt = column.isCompletion ? now : null;
    if (body.addedToToday) {
      await assertTodayHasRoom(tx, {
        userId,
        requestTimeZone: options.requestTimeZone,
        entering: [{ addedToToday: null, dueDate: null, archivedAt: null, completedAt }],
      });
    }
    const row = await repository.insertTask(tx.db, {
      ...body,
      remindAt: body.remindAt ? new Date(body.remindAt) : null,
      userId,
      columnId,
      ...due,
      ...recurrence,
      priority: await nextPriorityInColumn(tx, { userId, columnId }),
      completedAt,
      createdAt: now,
      updatedAt: now,
    });
    return toNewTask(row);
  });
}

export async function updateTask(
  ctx: AppContext,
  options: TaskScope & { changes: UpdateTaskBody; requestTimeZone: string | undefined },
): Promise<Task> {
  const { userId, taskId, changes } = options;
  await inTransaction(ctx, async (tx) => {
    if (changes.parentId !== undefined) await repository.lockTaskTree(tx.db, userId);
    const current = await getLiveTaskRow(tx, options);
    if (changes.addedToToday) {
      await assertTodayHasRoom(tx, {
        userId,
        requestTimeZone: options.requestTimeZone,
        entering: [current],
      });
    }
    if (changes.listId) await assertListExists(tx, { userId, listId: changes.listId });
    if (changes.parentId)
      await assertValidParent(tx, { userId, taskId: current.id, parentId: changes.parentId });
    const { columnId, dueDate, dueDateHasTime, remindAt, quickurrence, rrule, ...rest } = changes;
    const update: TaskChanges = { ...rest, updatedAt: tx.clock.now() };
    if (remindAt !== undefined) update.remindAt = remindAt ? new Date(remindAt) : null;
    if (dueDate !== undefined || dueDateHasTime !== undefined) {
      // A new due date without the flag is timed; the flag alone re-reads the current due date.
      Object.assign(
        update,
        await toStoredDue(tx, {
          userId,
          requestTimeZone: options.requestTimeZone,
          dueDate: dueDate === undefined ? current.dueDate : dueDate ? new Date(dueDate) : null,
          hasTime: dueDateHasTime ?? true,
        }),
      );
    }
    const recurrence = await resolveRecurrenceChanges(tx, {
      userId,
      requestTimeZone: options.requestTimeZone,
      quickurrence,
      rrule,
      due: {
        dueDate: update.dueDate === undefined ? current.dueDate : update.dueDate,
        dueDateHasTime: update.dueDateHasTime ?? current.dueDateHasTime,
      },
      current,
    });
    if (recurrence) Object.assign(update, recurrence);
    else if (update.dueDate && update.dueDate.getTime() !== current.dueDate?.getTime()) {
      Object.assign(update, await reanchorRecurrence(tx, { userId, current, dueDate: update.dueDate }));
    }
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

/** The same change on many tasks, a statement per batch of ids. */
async function updateTaskSet(ctx: AppContext, options: TaskSet & { changes: TaskChanges }) {
  for (const batch of inBatches(options.taskIds)) {
    await repository.updateTasks(ctx.db, {
      userId: options.userId,
      taskIds: batch,
      changes: options.changes,
    });
  }
}

/*
 * The set changes below take rows the caller has read and checked (the user's, and live where the
 * change needs it), so one task and a batch follow the same rules without reading anything twice.
 */
type CheckedRows = { userId: string; rows: readonly TaskRow[] };

const idsOf = (rows: readonly TaskRow[]) => rows.map((row) => row.id);

/**
 * Completes tasks (and, when asked, their open subtasks); the completed ones join the end of the
 * completion column. A parent with open subtasks is refused unless withChildren is set, so the
 * client can ask the user first. A recurring task's next occurrence is created (see
 * createNextOccurrences); the answer maps each given task to it, or to null.
 */
export async function completeTasksInTransaction(
  ctx: AppContext,
  options: CheckedRows & { withChildren: boolean },
): Promise<Map<string, string | null>> {
  const { userId } = options;
  // Taken before any row is changed, so the lock the next occurrences need is never waited on
  // while holding a task row.
  if (options.rows.some((row) => row.recurrenceId)) await repository.lockTaskTree(ctx.db, userId);
  const taskIds = idsOf(options.rows);
  const subtree = await repository.findSubtreeIds(ctx.db, { userId, taskIds });
  if (!options.withChildren) {
    const roots = new Set(taskIds);
    const descendants = subtree.filter((id) => !roots.has(id));
    const openDescendants = await repository.countOpenTasks(ctx.db, { userId, taskIds: descendants });
    if (openDescendants > 0) {
      throw new AppError('HAS_OPEN_SUBTASKS', 'This task has open subtasks; complete them too?', {
        detail: `${openDescendants} open subtask${openDescendants === 1 ? '' : 's'}`,
      });
    }
  }
  const targets = options.withChildren ? subtree : taskIds;
  const now = ctx.clock.now();
  const completion = await columns.findCompletionColumn(ctx, { userId });
  if (completion) {
    await appendTasksToColumn(ctx, {
      userId,
      columnId: completion.id,
      taskIds: await sets.findOpenTaskIds(ctx.db, { userId, taskIds: targets, notInColumnId: completion.id }),
      after: 'all',
      completion: { kind: 'complete', at: now },
    });
  }
  await sets.completeOpenTasks(ctx.db, { userId, taskIds: targets, at: now });
  return createNextOccurrences(ctx, { userId, rows: options.rows });
}

async function withNextOccurrence(
  ctx: AppContext,
  scope: TaskScope,
  nextId: string | null | undefined,
): Promise<CompleteTaskResponse> {
  const nextOccurrence = nextId ? await getTask(ctx, { userId: scope.userId, taskId: nextId }) : null;
  return { ...(await getTask(ctx, scope)), nextOccurrence };
}

export async function completeTask(
  ctx: AppContext,
  options: TaskScope & { withChildren: boolean },
): Promise<CompleteTaskResponse> {
  const next = await inTransaction(ctx, async (tx) => {
    const row = await getLiveTaskRow(tx, options);
    return completeTasksInTransaction(tx, { ...options, rows: [row] });
  });
  return withNextOccurrence(ctx, options, next.get(options.taskId));
}

/**
 * Skips this occurrence of a recurring task: it goes to the archive, not completed, and the next one
 * is created as completing would.
 */
export async function skipTask(ctx: AppContext, scope: TaskScope): Promise<CompleteTaskResponse> {
  const next = await inTransaction(ctx, async (tx) => {
    await repository.lockTaskTree(tx.db, scope.userId);
    const row = await getLiveTaskRow(tx, scope);
    if (!row.recurrenceId || !row.quickurrence) {
      throw new AppError('CONFLICT', 'Only an occurrence of a recurring task can be skipped');
    }
    if (row.completedAt) throw new AppError('CONFLICT', 'This occurrence is already completed');
    if (!row.archivedAt) {
      await updateTaskFields(tx, {
        userId: scope.userId,
        rows: [row],
        changes: { archivedAt: tx.clock.now() },
      });
    }
    return createNextOccurrences(tx, { userId: scope.userId, rows: [row] });
  });
  return withNextOccurrence(ctx, scope, next.get(scope.taskId));
}

/** Reopens tasks; those sitting in the completion column go to the end of the default column. */
export async function uncompleteTasksInTransaction(ctx: AppContext, options: CheckedRows): Promise<void> {
  const { userId, rows } = options;
  const completion = await columns.findCompletionColumn(ctx, { userId });
  const inCompletion = rows.filter((row) => row.columnId === completion?.id);
  if (inCompletion.length > 0) {
    const fallback = await columns.getDefaultColumn(ctx, { userId });
    await appendTasksToColumn(ctx, {
      userId,
      columnId: fallback.id,
      taskIds: idsOf(inCompletion),
      after: 'all',
      completion: { kind: 'reopen' },
    });
  }
  await updateTaskSet(ctx, {
    userId,
    taskIds: idsOf(rows),
    changes: { completedAt: null, updatedAt: ctx.clock.now() },
  });
}

export async function uncompleteTask(ctx: AppContext, scope: TaskScope): Promise<Task> {
  await inTransaction(ctx, async (tx) => {
    const row = await getLiveTaskRow(tx, scope);
    await uncompleteTasksInTransaction(tx, { ...scope, rows: [row] });
  });
  return getTask(ctx, scope);
}

/** Sets fields of many live tasks at once: archiving, and the batch edits of list, urgency, importance, Today. */
export async function updateTaskFields(
  ctx: AppContext,
  options: CheckedRows & {
    changes: Pick<TaskChanges, 'archivedAt' | 'listId' | 'urgency' | 'importance' | 'addedToToday'>;
  },
): Promise<void> {
  await updateTaskSet(ctx, {
    userId: options.userId,
    taskIds: idsOf(options.rows),
    changes: { ...options.changes, updatedAt: ctx.clock.now() },
  });
}

async function setArchivedAt(ctx: AppContext, scope: TaskScope, archivedAt: Date | null): Promise<Task> {
  const row = await getLiveTaskRow(ctx, scope);
  await updateTaskFields(ctx, { userId: scope.userId, rows: [row], changes: { archivedAt } });
  return getTask(ctx, scope);
}

export function archiveTask(ctx: AppContext, scope: TaskScope): Promise<Task> {
  return setArchivedAt(ctx, scope, ctx.clock.now());
}

export function unarchiveTask(ctx: AppContext, scope: TaskScope): Promise<Task> {
  return setArchivedAt(ctx, scope, null);
}

/** Moves tasks and their whole subtrees to the trash; tasks already there are left as they are. */
export async function trashTasksInTransaction(ctx: AppContext, options: CheckedRows): Promise<void> {
  const roots = idsOf(options.rows.filter((row) => !row.deletedAt));
  const now = ctx.clock.now();
  const subtree = await repository.findSubtreeIds(ctx.db, { userId: options.userId, taskIds: roots });
  await updateTaskSet(ctx, {
    userId: options.userId,
    taskIds: subtree,
    changes: { deletedAt: now, updatedAt: now },
  });
}

export async function trashTask(ctx: AppContext, scope: TaskScope): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await getLiveTaskRow(tx, scope);
    await trashTasksInTransaction(tx, { ...scope, rows: [row] });
  });
}

/**
 * Brings tasks and their subtrees back from the trash; tasks not in it are left as they are. One
 * whose parent is still in the trash comes back at the top level rather than staying hidden under a
 * deleted parent. Call it with the task tree locked: it may move tasks to the top level.
 */
export async function restoreTasksInTransaction(ctx: AppContext, options: CheckedRows): Promise<void> {
  const roots = idsOf(options.rows.filter((row) => row.deletedAt));
  if (roots.length === 0) return;
  const subtree = await repository.findSubtreeIds(ctx.db, { userId: options.userId, taskIds: roots });
  await updateTaskSet(ctx, {
    userId: options.userId,
    taskIds: subtree,
    changes: { deletedAt: null, updatedAt: ctx.clock.now() },
  });
  await sets.detachFromTrashedParents(ctx.db, { userId: options.userId, taskIds: roots });
}

export async function restoreTask(ctx: AppContext, scope: TaskScope): Promise<Task> {
  await inTransaction(ctx, async (tx) => {
    await repository.lockTaskTree(tx.db, scope.userId);
    const row = await getTaskRow(tx, scope);
    await restoreTasksInTransaction(tx, { ...scope, rows: [row] });
  });
  return getTask(ctx, scope);
}

/** Deletes for good; only from the trash, so nothing disappears in one click. */
export async function purgeTask(ctx: AppContext, scope: TaskScope): Promise<void> {
  const task = await getTaskRow(ctx, scope);
  if (!task.deletedAt)
    throw new AppError('CONFLICT', 'Move the task to the trash before deleting it for good');
  const deleteFiles = await inTransaction(ctx, async (tx) => {
    const taskIds = await repository.findSubtreeIds(tx.db, { userId: scope.userId, taskIds: [scope.taskId] });
    const deleteFiles = await collectTaskAttachmentFiles(tx, { userId: scope.userId, taskIds });
    await repository.purgeTask(tx.db, scope);
    return deleteFiles;
  });
  // Only once the rows are gone for good: a purge that fails keeps the files its rows name.
  await deleteFiles();
}

export async function emptyTrash(ctx: AppContext, options: { userId: string }): Promise<number> {
  const { userId } = options;
  const { purged, deleteFiles } = await inTransaction(ctx, async (tx) => {
    const taskIds = await repository.findSubtreeIds(tx.db, {
      userId,
      taskIds: await repository.findTrashedTaskIds(tx.db, userId),
    });
    const deleteFiles = await collectTaskAttachmentFiles(tx, { userId, taskIds });
    return { purged: await repository.purgeTrash(tx.db, userId), deleteFiles };
  });
  await deleteFiles();
  return purged;
}
