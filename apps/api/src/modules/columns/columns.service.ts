import type { Column, CreateColumnBody, UpdateColumnBody } from '@cairn/contracts/columns';
import type { ReorderBody } from '@cairn/contracts/lists';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { applyFullOrder, priorityAfter, spacedPriorities } from '../../lib/ordering';
import { requireOwned } from '../../lib/require-owned';
import { moveColumnTasks } from '../tasks/task-columns.service';
import type { ColumnRow } from './columns.repository';
import * as repository from './columns.repository';

/** A new board starts like most kanban tools: work lands in To do and is done once in Done. */
export const defaultColumns = [
  { name: 'To do', isDefault: true, isCompletion: false },
  { name: 'In progress', isDefault: false, isCompletion: false },
  { name: 'Done', isDefault: false, isCompletion: true },
] as const;

function toColumn(row: ColumnRow): Column {
  return {
    id: row.id,
    name: row.name,
    isDefault: row.isDefault,
    priority: row.priority,
    isCompletion: row.isCompletion,
  };
}

export async function createDefaultColumns(ctx: AppContext, options: { userId: string }): Promise<void> {
  const priorities = spacedPriorities(defaultColumns.length);
  await repository.insertColumns(
    ctx.db,
    defaultColumns.map((column, index) => ({
      ...column,
      priority: priorities[index],
      userId: options.userId,
    })),
  );
}

export async function findColumns(ctx: AppContext, options: { userId: string }): Promise<Column[]> {
  return (await repository.findColumns(ctx.db, options.userId)).map(toColumn);
}

export async function getColumn(
  ctx: AppContext,
  options: { userId: string; columnId: string },
): Promise<Column> {
  return toColumn(requireOwned(await repository.findColumn(ctx.db, options), 'Column'));
}

export async function getDefaultColumn(ctx: AppContext, options: { userId: string }): Promise<Column> {
  return toColumn(requireOwned(await repository.findDefaultColumn(ctx.db, options.userId), 'Default column'));
}

export async function findCompletionColumn(ctx: AppContext, options: { userId: string }) {
  const row = await repository.findCompletionColumn(ctx.db, options.userId);
  return row ? toColumn(row) : undefined;
}

export async function createColumn(
  ctx: AppContext,
  options: { userId: string; body: CreateColumnBody },
): Promise<Column> {
  return inTransaction(ctx, async (tx) => {
    const existing = await repository.findColumns(tx.db, options.userId);
    const [row] = await repository.insertColumns(tx.db, [
      {
        userId: options.userId,
        name: options.body.name,
        isDefault: false,
        isCompletion: false,
        priority: priorityAfter(existing.at(-1)?.priority),
      },
    ]);
    if (!row) throw new Error('insert returned no row');
    if (options.body.isCompletion) {
      return updateColumn(tx, { userId: options.userId, columnId: row.id, changes: { isCompletion: true } });
    }
    return toColumn(row);
  });
}

/** Making a column the default (or the completion column) takes the role from the one that had it. */
export async function updateColumn(
  ctx: AppContext,
  options: { userId: string; columnId: string; changes: UpdateColumnBody },
): Promise<Column> {
  return inTransaction(ctx, async (tx) => {
    requireOwned(await repository.findColumn(tx.db, options), 'Column');
    const { changes } = options;
    if (changes.isDefault) await repository.clearFlagOnOtherColumns(tx.db, { ...options, flag: 'isDefault' });
    if (changes.isCompletion)
      await repository.clearFlagOnOtherColumns(tx.db, { ...options, flag: 'isCompletion' });
    return toColumn(requireOwned(await repository.updateColumn(tx.db, { ...options, changes }), 'Column'));
  });
}

/** The column's tasks move to the end of the default column; the default column itself cannot go. */
export async function deleteColumn(
  ctx: AppContext,
  options: { userId: string; columnId: string },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const column = requireOwned(await repository.findColumn(tx.db, options), 'Column');
    if (column.isDefault) {
      throw new AppError('CONFLICT', 'Make another column the default before deleting this one');
    }
    const fallback = requireOwned(
      await repository.findDefaultColumn(tx.db, options.userId),
      'Default column',
    );
    await moveColumnTasks(tx, {
      userId: options.userId,
      fromColumnId: column.id,
      toColumnId: fallback.id,
    });
    await repository.deleteColumn(tx.db, options);
  });
}

export async function reorderColumns(
  ctx: AppContext,
  options: { userId: string; body: ReorderBody },
): Promise<Column[]> {
  await inTransaction(ctx, async (tx) => {
    const existing = await repository.findColumns(tx.db, options.userId);
    await applyFullOrder({
      ids: options.body.ids,
      knownIds: existing.map((column) => column.id),
      what: 'Column',
      write: (columnId, priority) =>
        repository
          .updateColumn(tx.db, { userId: options.userId, columnId, changes: { priority } })
          .then(() => {}),
    });
  });
  return findColumns(ctx, options);
}
