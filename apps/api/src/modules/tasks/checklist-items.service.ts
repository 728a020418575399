import type { ReorderBody } from '@cairn/contracts/lists';
import type { ChecklistItem } from '@cairn/contracts/tasks';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { notFound } from '../../lib/app-error';
import { applyFullOrder, ORDER_GAP } from '../../lib/ordering';
import type { ChecklistItemRow } from './checklist-items.repository';
import * as repository from './checklist-items.repository';
import { findTask } from './tasks.repository';

type TaskScope = { userId: string; taskId: string };

function toChecklistItem(row: ChecklistItemRow): ChecklistItem {
  return {
    id: row.id,
    taskId: row.taskId,
    title: row.title,
    priority: row.priority,
    isOptional: row.isOptional,
    completedAt: row.completedAt,
    archivedAt: row.archivedAt,
    deletedAt: row.deletedAt,
  };
}

async function assertTaskExists(ctx: AppContext, scope: TaskScope) {
  if (!(await findTask(ctx.db, scope))) throw notFound('Task');
}

export async function findChecklistItems(ctx: AppContext, scope: TaskScope): Promise<ChecklistItem[]> {
  return (await repository.findChecklistItems(ctx.db, scope)).map(toChecklistItem);
}

export async function listChecklistItems(ctx: AppContext, scope: TaskScope): Promise<ChecklistItem[]> {
  await assertTaskExists(ctx, scope);
  return findChecklistItems(ctx, scope);
}

export async function createChecklistItem(
  ctx: AppContext,
  options: TaskScope & { title: string; isOptional?: boolean | undefined },
): Promise<ChecklistItem> {
  await assertTaskExists(ctx, options);
  const last = await repository.findLastChecklistPriority(ctx.db, options);
  const [row] = await repository.insertChecklistItems(ctx.db, [
    {
      userId: options.userId,
      taskId: options.taskId,
      title: options.title,
      isOptional: options.isOptional ?? false,
      priority: last === undefined ? 0 : last + ORDER_GAP,
    },
  ]);
  return toChecklistItem(row as ChecklistItemRow);
}

export async function updateChecklistItem(
  ctx: AppContext,
  options: TaskScope & {
    itemId: string;
    changes: {
      title?: string | undefined;
      isOptional?: boolean | undefined;
      isCompleted?: boolean | undefined;
    };
  },
): Promise<ChecklistItem> {
  const { isCompleted, ...rest } = options.changes;
  const row = await repository.updateChecklistItem(ctx.db, {
    ...options,
    changes: {
      ...rest,
      ...(isCompleted === undefined ? {} : { completedAt: isCompleted ? ctx.clock.now() : null }),
    },
  });
  if (!row) throw notFound('Checklist item');
  return toChecklistItem(row);
}

export async function deleteChecklistItem(ctx: AppContext, options: TaskScope & { itemId: string }) {
  if (!(await repository.deleteChecklistItem(ctx.db, options))) throw notFound('Checklist item');
}

export async function reorderChecklistItems(
  ctx: AppContext,
  options: TaskScope & { body: ReorderBody },
): Promise<ChecklistItem[]> {
  await assertTaskExists(ctx, options);
  await inTransaction(ctx, async (tx) => {
    const existing = await repository.findChecklistItems(tx.db, options);
    await applyFullOrder({
      ids: options.body.ids,
      knownIds: existing.map((item) => item.id),
      what: 'Checklist item',
      write: (itemId, priority) =>
        repository.updateChecklistItem(tx.db, { ...options, itemId, changes: { priority } }).then(() => {}),
    });
  });
  return findChecklistItems(ctx, options);
}

/** Copies a task's checklist onto another task, all items open again. */
/** Copies the live checklists of many tasks at once: `copies` maps each original task to its copy. */
export async function duplicateChecklistItems(
  ctx: AppContext,
  options: { userId: string; copies: Map<string, string> },
) {
  const now = ctx.clock.now();
  const items = await repository.findChecklistItemsOfTasks(ctx.db, {
    userId: options.userId,
    taskIds: [...options.copies.keys()],
  });
  await repository.insertChecklistItems(
    ctx.db,
    items.map((item) => ({
      userId: options.userId,
      taskId: options.copies.get(item.taskId) as string,
      title: item.title,
      priority: item.priority,
      isOptional: item.isOptional,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
