import type { AppContext } from '../../lib/app-context';
import { insertColumns } from './columns.repository';

/** A new board starts like most kanban tools: work lands in To do and is done once in Done. */
export const defaultColumns = [
  { name: 'To do', isDefault: true, isCompletion: false },
  { name: 'In progress', isDefault: false, isCompletion: false },
  { name: 'Done', isDefault: false, isCompletion: true },
] as const;

export async function createDefaultColumns(ctx: AppContext, options: { userId: string }): Promise<void> {
  await insertColumns(
    ctx.db,
    defaultColumns.map((column, priority) => ({ ...column, priority, userId: options.userId })),
  );
}
