import type { AppContext } from '../../lib/app-context';
import * as sets from './task-sets.repository';

/** What the kanban columns need of tasks; the columns module calls it instead of touching task rows. */

/** Moves every task of one column to the end of another, keeping their order (a column is deleted). */
export async function moveColumnTasks(
  ctx: AppContext,
  options: { userId: string; fromColumnId: string; toColumnId: string },
): Promise<void> {
  await sets.moveColumnTasks(ctx.db, options);
}
