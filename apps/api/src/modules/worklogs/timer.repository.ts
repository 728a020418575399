import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { worklogTimers } from './worklogs.table';

export type TimerRow = typeof worklogTimers.$inferSelect;

export async function findTimer(db: Db, userId: string): Promise<TimerRow | undefined> {
  const [row] = await db.select().from(worklogTimers).where(eq(worklogTimers.userId, userId));
  return row;
}

/**
 * Starts the user's timer unless one runs: the user's id is the table's key, so of two starts at the
 * same moment (two tabs, two devices) exactly one lands. Undefined when one was running.
 */
export async function insertTimerIfNone(db: Db, values: TimerRow): Promise<TimerRow | undefined> {
  const [row] = await db.insert(worklogTimers).values(values).onConflictDoNothing().returning();
  return row;
}

/** Takes the running timer away and answers it: two stops at once cannot both make an entry. */
export async function deleteTimer(db: Db, userId: string): Promise<TimerRow | undefined> {
  const [row] = await db.delete(worklogTimers).where(eq(worklogTimers.userId, userId)).returning();
  return row;
}
