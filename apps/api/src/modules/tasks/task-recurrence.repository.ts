import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TaskRow } from './tasks.repository';
import { tasks } from './tasks.table';

/**
 * The occurrence of a series that comes right after `taskId` (due later; trashed ones do not count,
 * archived ones do): what completing or skipping `taskId` already created, if anything.
 */
export async function findLaterOccurrence(
  db: Db,
  options: { userId: string; recurrenceId: string; taskId: string; dueDate: Date | null },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, options.userId),
        eq(tasks.recurrenceId, options.recurrenceId),
        ne(tasks.id, options.taskId),
        isNull(tasks.deletedAt),
        options.dueDate ? gt(tasks.dueDate, options.dueDate) : undefined,
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(1);
  return row;
}
