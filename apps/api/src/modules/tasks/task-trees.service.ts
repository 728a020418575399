import type { Task, TaskTreeNode } from '@cairn/contracts/tasks';
import { MAX_TASK_DEPTH } from '@cairn/contracts/tasks';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { assertListExists } from '../lists/lists.service';
import { duplicateChecklistItems } from './checklist-items.service';
import { buildForest } from './task-forest';
import { tooDeep } from './task-parents.service';
import { moveTaskInTransaction } from './task-placement.service';
import type { TaskRow } from './tasks.repository';
import * as repository from './tasks.repository';
import { getLiveTaskRow, getTask, type TaskScope } from './tasks.service';

/** Whole trees of tasks: copying one, and reading one nested. */

/**
 * Copies a task with its checklist and subtasks, placed right after the original, all open. The
 * subtree is read in one query and written a batch at a time, so a deep tree costs no more round
 * trips than a wide one.
 */
export async function duplicateTask(ctx: AppContext, scope: TaskScope): Promise<Task> {
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
    // Right after the original, read from its neighbours rather than the whole column; an archived
    // original is not in the column's order, and its copy, not archived, goes first.
    const placement = original.archivedAt ? { position: 0 } : { afterId: original.id };
    await moveTaskInTransaction(tx, {
      userId,
      taskId: copyRootId,
      body: { columnId: original.columnId, ...placement },
    });
    return copyRootId;
  });
  return getTask(ctx, { userId, taskId: copyId });
}

export async function getTaskTree(ctx: AppContext, scope: TaskScope): Promise<TaskTreeNode> {
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
