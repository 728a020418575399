import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { hasChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { inBatches } from '../../lib/batches';
import { reusableSelect } from '../../lib/prepared-query';
import { checklistItems } from './checklist-items.table';

export type ChecklistItemRow = typeof checklistItems.$inferSelect;
export type ChecklistItemChanges = Partial<
  Pick<ChecklistItemRow, 'title' | 'isOptional' | 'completedAt' | 'priority'>
>;

const byItem = (options: { userId: string; taskId: string; itemId: string }) =>
  and(
    eq(checklistItems.userId, options.userId),
    eq(checklistItems.taskId, options.taskId),
    eq(checklistItems.id, options.itemId),
  );

const checklistItemsQuery = reusableSelect<ChecklistItemRow>((db) =>
  db
    .select()
    .from(checklistItems)
    .where(
      and(
        eq(checklistItems.userId, sql.placeholder('userId')),
        eq(checklistItems.taskId, sql.placeholder('taskId')),
        isNull(checklistItems.deletedAt),
      ),
    )
    .orderBy(asc(checklistItems.priority), asc(checklistItems.id)),
);

export function findChecklistItems(db: Db, options: { userId: string; taskId: string }) {
  return checklistItemsQuery(db, { userId: options.userId, taskId: options.taskId });
}

export async function findLastChecklistPriority(db: Db, options: { userId: string; taskId: string }) {
  const [row] = await db
    .select({ value: max(checklistItems.priority) })
    .from(checklistItems)
    .where(and(eq(checklistItems.userId, options.userId), eq(checklistItems.taskId, options.taskId)));
  return row?.value ?? undefined;
}

export async function insertChecklistItems(db: Db, values: (typeof checklistItems.$inferInsert)[]) {
  const rows: ChecklistItemRow[] = [];
  for (const batch of inBatches(values))
    rows.push(...(await db.insert(checklistItems).values(batch).returning()));
  return rows;
}

/** The live items of many tasks, in each task's order. */
export async function findChecklistItemsOfTasks(db: Db, options: { userId: string; taskIds: string[] }) {
  const rows: ChecklistItemRow[] = [];
  for (const batch of inBatches(options.taskIds)) {
    rows.push(
      ...(await db
        .select()
        .from(checklistItems)
        .where(
          and(
            eq(checklistItems.userId, options.userId),
            inArray(checklistItems.taskId, batch),
            isNull(checklistItems.deletedAt),
          ),
        )
        .orderBy(asc(checklistItems.taskId), asc(checklistItems.priority), asc(checklistItems.id))),
    );
  }
  return rows;
}

export async function updateChecklistItem(
  db: Db,
  options: { userId: string; taskId: string; itemId: string; changes: ChecklistItemChanges },
): Promise<ChecklistItemRow | undefined> {
  if (!hasChanges(options.changes)) {
    const [current] = await db.select().from(checklistItems).where(byItem(options));
    return current;
  }
  const [row] = await db.update(checklistItems).set(options.changes).where(byItem(options)).returning();
  return row;
}

export async function deleteChecklistItem(
  db: Db,
  options: { userId: string; taskId: string; itemId: string },
) {
  const rows = await db.delete(checklistItems).where(byItem(options)).returning({ id: checklistItems.id });
  return rows.length > 0;
}
