import type { MoveTaskBody, Task } from '@cairn/contracts/tasks';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { priorityAfter } from '../../lib/ordering';
import { type Placement, resolvePlacementBetweenNeighbours } from '../../lib/placement';
import * as columns from '../columns/columns.service';
import { assertValidParent } from './task-parents.service';
import { createNextOccurrences } from './task-recurrence.service';
import type { CompletionChange } from './task-sets.repository';
import * as sets from './task-sets.repository';
import type { TaskChanges, TaskOrderScope } from './tasks.repository';
import * as repository from './tasks.repository';
import { getLiveTaskRow, getTask, type TaskScope } from './tasks.service';

/** Where tasks sit: their column and their place in the manual order. */

/** The priority that puts a task after every other in the column (archived and trashed ones too). */
export async function nextPriorityInColumn(ctx: AppContext, options: { userId: string; columnId: string }) {
  return priorityAfter(await repository.findLastPriorityInColumn(ctx.db, options));
}

/**
 * Puts tasks at the end of a column, in the given order, in one statement. They go after every task
 * in it (`after: 'all'`), or, as a drop at the end does, after the tasks the board shows there other
 * than themselves (`after: 'visible-others'`).
 */
export async function appendTasksToColumn(
  ctx: AppContext,
  options: {
    userId: string;
    columnId: string;
    taskIds: readonly string[];
    after: 'all' | 'visible-others';
    completion: CompletionChange;
  },
): Promise<void> {
  if (options.taskIds.length === 0) return;
  const isDrop = options.after === 'visible-others';
  const last = await sets.findLastPriority(ctx.db, {
    userId: options.userId,
    columnId: options.columnId,
    isVisibleOnly: isDrop,
    ...(isDrop ? { excludeTaskIds: options.taskIds } : {}),
  });
  await sets.placeTasksInColumn(ctx.db, {
    userId: options.userId,
    columnId: options.columnId,
    taskIds: options.taskIds,
    firstPriority: priorityAfter(last),
    completion: options.completion,
    updatedAt: ctx.clock.now(),
  });
}

/** What entering `target` does to a task's completion: the completion column completes, leaving it reopens. */
export async function completionOnEntering(
  ctx: AppContext,
  options: { userId: string; target: { id: string; isCompletion: boolean } },
): Promise<CompletionChange> {
  if (options.target.isCompletion) return { kind: 'complete', at: ctx.clock.now() };
  const completion = await columns.findCompletionColumn(ctx, { userId: options.userId });
  return completion ? { kind: 'reopen-from', columnId: completion.id } : { kind: 'keep' };
}

/** The priority for a task placed in a column or among siblings, renumbering them when there is no room. */
function placeInOrder(ctx: AppContext, options: { scope: TaskOrderScope; placement: Placement }) {
  return resolvePlacementBetweenNeighbours({
    placement: options.placement,
    neighbours: (placement) => repository.findPlacementNeighbours(ctx.db, options.scope, placement),
    order: () => repository.findTaskOrder(ctx.db, options.scope),
    respace: (changes) => repository.setTaskPriorities(ctx.db, { userId: options.scope.userId, changes }),
  });
}

/**
 * Puts a task into a column at the given place. Entering the completion column completes the task;
 * leaving it reopens it.
 */
export async function moveTaskInTransaction(ctx: AppContext, options: TaskScope & { body: MoveTaskBody }) {
  const { userId, taskId } = options;
  const task = await getLiveTaskRow(ctx, options);
  const target = await columns.getColumn(ctx, { userId, columnId: options.body.columnId });
  const source = await columns.getColumn(ctx, { userId, columnId: task.columnId });
  const completesNow = target.isCompletion && !task.completedAt;
  // Completing a recurring task creates its next occurrence, under the lock taken before any row changes.
  if (completesNow && task.recurrenceId) await repository.lockTaskTree(ctx.db, userId);
  const priority = await placeInOrder(ctx, {
    scope: { userId, columnId: target.id, excludeTaskId: taskId },
    placement: options.body,
  });
  const now = ctx.clock.now();
  const changes: TaskChanges = { columnId: target.id, priority, updatedAt: now };
  if (completesNow) changes.completedAt = now;
  if (source.isCompletion && !target.isCompletion) changes.completedAt = null;
  await repository.updateTask(ctx.db, { userId, taskId, changes });
  if (completesNow) await createNextOccurrences(ctx, { userId, rows: [task] });
}

export async function moveTask(ctx: AppContext, options: TaskScope & { body: MoveTaskBody }): Promise<Task> {
  await inTransaction(ctx, (tx) => moveTaskInTransaction(tx, options));
  return getTask(ctx, options);
}

/** Places a task under a new parent (or at the top level) at a place among its siblings. */
export async function reparentTask(
  ctx: AppContext,
  options: TaskScope & { parentId: string | null; placement: Placement },
): Promise<Task> {
  const { userId, taskId } = options;
  await inTransaction(ctx, async (tx) => {
    await repository.lockTaskTree(tx.db, userId);
    const task = await getLiveTaskRow(tx, options);
    if (options.parentId)
      await assertValidParent(tx, { userId, taskId: task.id, parentId: options.parentId });
    const priority = await placeInOrder(tx, {
      scope: { userId, parentId: options.parentId, excludeTaskId: taskId },
      placement: options.placement,
    });
    await repository.updateTask(tx.db, {
      userId,
      taskId,
      changes: { parentId: options.parentId, priority, updatedAt: tx.clock.now() },
    });
  });
  return getTask(ctx, options);
}
