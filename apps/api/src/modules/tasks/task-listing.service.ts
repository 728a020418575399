import type { ListTasksQuery, SmartViewCounts, TaskPage } from '@cairn/contracts/tasks';
import { smartViews } from '@cairn/contracts/tasks';
import type { AppContext } from '../../lib/app-context';
import { getDayBounds } from '../../lib/day-bounds';
import { resolveTimeZone } from '../users/users.service';
import { encodeTaskCursor } from './task-cursor';
import { buildTaskQuery } from './task-query';
import type { ListTaskCounts } from './task-sets.repository';
import * as sets from './task-sets.repository';
import * as repository from './tasks.repository';
import { toTasks } from './tasks.service';

/** Finding tasks a page at a time, and counting them per smart view and per list. */

const DEFAULT_PAGE_SIZE = 50;

export async function findTasks(
  ctx: AppContext,
  options: { userId: string; query: ListTasksQuery; requestTimeZone: string | undefined },
): Promise<TaskPage> {
  const timeZone = await resolveTimeZone(ctx, options);
  const bounds = getDayBounds(ctx.clock.now(), timeZone);
  const limit = options.query.limit ?? DEFAULT_PAGE_SIZE;
  const built = buildTaskQuery({ userId: options.userId, query: options.query, bounds });
  const rows = await repository.findTaskPage(ctx.db, { ...built, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await toTasks(ctx, options.userId, page),
    nextCursor: rows.length > limit && last ? encodeTaskCursor(built.cursorOf(last)) : null,
  };
}

export async function countSmartViews(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined },
): Promise<SmartViewCounts> {
  const timeZone = await resolveTimeZone(ctx, options);
  const bounds = getDayBounds(ctx.clock.now(), timeZone);
  const row = (await repository.countSmartViews(ctx.db, { userId: options.userId, bounds })) as Record<
    string,
    number
  >;
  return {
    items: smartViews.map((view) => ({
      view,
      open: row[`${view}:open`] ?? 0,
      completed: row[`${view}:completed`] ?? 0,
    })),
  };
}

export type { ListTaskCounts };

/** Open and completed counts of the live, unarchived tasks of each list (lists without tasks are absent). */
export function countTasksByList(
  ctx: AppContext,
  options: { userId: string },
): Promise<Map<string, ListTaskCounts>> {
  return sets.countTasksByList(ctx.db, options.userId);
}
