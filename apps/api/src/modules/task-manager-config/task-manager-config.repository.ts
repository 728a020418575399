import { eq } from 'drizzle-orm';
import { hasChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { taskManagerConfigs } from './task-manager-config.table';

export type TaskManagerConfigRow = typeof taskManagerConfigs.$inferSelect;
export type TaskManagerConfigChanges = Partial<Omit<typeof taskManagerConfigs.$inferInsert, 'userId'>>;

export async function insertTaskManagerConfig(db: Db, userId: string): Promise<void> {
  await db.insert(taskManagerConfigs).values({ userId });
}

export async function findTaskManagerConfig(
  db: Db,
  userId: string,
): Promise<TaskManagerConfigRow | undefined> {
  const [row] = await db.select().from(taskManagerConfigs).where(eq(taskManagerConfigs.userId, userId));
  return row;
}

export async function updateTaskManagerConfig(
  db: Db,
  userId: string,
  changes: TaskManagerConfigChanges,
): Promise<TaskManagerConfigRow | undefined> {
  if (!hasChanges(changes)) return findTaskManagerConfig(db, userId);
  const [row] = await db
    .update(taskManagerConfigs)
    .set(changes)
    .where(eq(taskManagerConfigs.userId, userId))
    .returning();
  return row;
}
