import type { BulkTasksBody } from '@cairn/contracts/tasks';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import * as columns from '../columns/columns.service';
import { assertListExists } from '../lists/lists.service';
import { getTaskManagerConfig } from '../task-manager-config/task-manager-config.service';
import {
  completeTasksInTransaction,
  restoreTasksInTransaction,
  trashTasksInTransaction,
  uncompleteTasksInTransaction,
  updateTaskFields,
} from './task-lifecycle.service';
import { appendTasksToColumn, completionOnEntering } from './task-placement.service';
import { createNextOccurrences } from './task-recurrence.service';
import * as repository from './tasks.repository';
import { assertLive, getTaskRows } from './tasks.service';
import { assertTodayHasRoom } from './today-plan.service';

/**
 * Applies one action to many tasks in one transaction: all of them change, or none. Each action
 * reads and writes the whole set with a fixed number of statements, whatever the number of ids.
 */
export async function bulkUpdateTasks(
  ctx: AppContext,
  options: { userId: string; body: BulkTasksBody; requestTimeZone: string | undefined },
): Promise<{ updated: number }> {
  const { userId, body } = options;
  const config = await getTaskManagerConfig(ctx, { userId });
  if (!config.isBatchEnabled) {
    throw new AppError('BATCH_DISABLED', 'Batch editing is turned off in your task settings');
  }
  const ids = [...new Set(body.ids)];
  await inTransaction(ctx, async (tx) => {
    // Restoring may move tasks to the top level, so it waits for other changes to the tree first.
    if (body.action === 'restore') await repository.lockTaskTree(tx.db, userId);
    const rows = await getTaskRows(tx, { userId, taskIds: ids });
    if (body.action === 'setList' && body.listId) await assertListExists(tx, { userId, listId: body.listId });
    if (body.action === 'delete') return trashTasksInTransaction(tx, { userId, rows });
    if (body.action === 'restore') return restoreTasksInTransaction(tx, { userId, rows });
    assertLive(rows);
    const now = tx.clock.now();
    switch (body.action) {
      case 'move': {
        const target = await columns.getColumn(tx, { userId, columnId: body.columnId });
        const completing = target.isCompletion ? rows.filter((row) => !row.completedAt) : [];
        if (completing.some((row) => row.recurrenceId)) await repository.lockTaskTree(tx.db, userId);
        await appendTasksToColumn(tx, {
          userId,
          columnId: target.id,
          taskIds: ids,
          after: 'visible-others',
          completion: await completionOnEntering(tx, { userId, target }),
        });
        // Into the completion column is completing: recurring tasks get their next occurrence.
        await createNextOccurrences(tx, { userId, rows: completing });
        return;
      }
      case 'complete':
        return completeTasksInTransaction(tx, { userId, rows, withChildren: true });
      case 'uncomplete':
        return uncompleteTasksInTransaction(tx, { userId, rows });
      case 'archive':
      case 'unarchive':
        return updateTaskFields(tx, {
          userId,
          rows,
          changes: { archivedAt: body.action === 'archive' ? now : null },
        });
      case 'setList':
        return updateTaskFields(tx, { userId, rows, changes: { listId: body.listId } });
      case 'setUrgency':
        return updateTaskFields(tx, { userId, rows, changes: { urgency: body.urgency } });
      case 'setImportance':
        return updateTaskFields(tx, { userId, rows, changes: { importance: body.importance } });
      case 'addToToday':
        await assertTodayHasRoom(tx, { userId, requestTimeZone: options.requestTimeZone, entering: rows });
        return updateTaskFields(tx, { userId, rows, changes: { addedToToday: true } });
      case 'removeFromToday':
        return updateTaskFields(tx, { userId, rows, changes: { addedToToday: false } });
    }
  });
  return { updated: ids.length };
}
