import type { Task } from '@cairn/contracts/tasks';
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';

/** Whether the instant falls on the same calendar day as `now` in the given zone. */
export function isSameDayInZone(instant: Date, now: Date, timeZone: string): boolean {
  const start = startOfDay(new TZDate(now.getTime(), timeZone));
  const end = new TZDate(start.getTime(), timeZone);
  end.setDate(end.getDate() + 1);
  return instant.getTime() >= start.getTime() && instant.getTime() < end.getTime();
}

/**
 * The periodical board: the completion column starts each day empty, keeping only what was completed
 * today in the user's zone (open tasks dragged there stay visible too, so nothing disappears mid-drag).
 */
export function keepCompletedToday<Item extends Pick<Task, 'completedAt'>>(
  tasks: readonly Item[],
  options: { now: Date; timeZone: string },
): Item[] {
  return tasks.filter(
    (task) => task.completedAt === null || isSameDayInZone(task.completedAt, options.now, options.timeZone),
  );
}
