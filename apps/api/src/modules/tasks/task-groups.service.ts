import type { Level, ListTaskGroupsQuery, TaskGroup, TaskGroups } from '@cairn/contracts/tasks';
import { levels } from '@cairn/contracts/tasks';
import type { AppContext } from '../../lib/app-context';
import { getDayBounds } from '../../lib/day-bounds';
import * as columns from '../columns/columns.service';
import { resolveTimeZone } from '../users/users.service';
import { encodeTaskCursor } from './task-cursor';
import * as repository from './task-groups.repository';
import { buildTaskQuery } from './task-query';
import { toTasks } from './tasks.service';

/**
 * The board's columns and the grid's cells, each with its first page and its size, in a few queries
 * whatever the user holds. A group's page is the first page of the listing that continues it (the same
 * filters plus the group's column or cell), so its cursor works with GET /tasks.
 */

const DEFAULT_GROUP_SIZE = 50;

/** Top to bottom, left to right on the grid: most important, then most urgent first. */
const cellLevels: readonly Level[] = [...levels].reverse();

type GroupPlan = {
  key: Pick<TaskGroup, 'columnId' | 'urgency' | 'importance'>;
  /** What narrows the shared listing to this group; undefined when the filters leave it empty. */
  group: repository.GroupKey | undefined;
  /** A completion column that leaves out tasks completed before doneSince. */
  isHidingEarlier: boolean;
};

export async function findTaskGroups(
  ctx: AppContext,
  options: { userId: string; query: ListTaskGroupsQuery; requestTimeZone: string | undefined },
): Promise<TaskGroups> {
  const { userId } = options;
  const { groupBy, limit = DEFAULT_GROUP_SIZE, doneSince, ...filters } = options.query;
  const [timeZone, plans] = await Promise.all([
    resolveTimeZone(ctx, options),
    groupBy === 'column' ? planColumns(ctx, { userId, doneSince }) : planCells(filters),
  ]);
  const bounds = getDayBounds(ctx.clock.now(), timeZone);

  // Every group is the shared listing narrowed to it, as GET /tasks with its column or cell reads it.
  const listing = buildTaskQuery({ userId, query: filters, bounds });
  const planned = plans.flatMap((plan) => (plan.group ? [{ plan, group: plan.group }] : []));
  const [pages, counts] = await Promise.all([
    repository.findGroupPages(ctx.db, {
      listing,
      groups: planned.map(({ group }) => group),
      limit: limit + 1,
    }),
    repository.countTaskGroups(ctx.db, {
      listing,
      groupBy,
      completedBefore: doneSince ? new Date(doneSince) : undefined,
    }),
  ]);
  const shownRows = pages.map((rows) => rows.slice(0, limit));
  const tasksById = new Map((await toTasks(ctx, userId, shownRows.flat())).map((task) => [task.id, task]));
  const pageOf = new Map(
    planned.map(({ plan }, index) => {
      const rows = shownRows[index] ?? [];
      const last = rows.at(-1);
      const hasMore = (pages[index]?.length ?? 0) > limit;
      const nextCursor = hasMore && last ? encodeTaskCursor(listing.cursorOf(last)) : null;
      return [plan, { items: rows.flatMap((row) => tasksById.get(row.id) ?? []), nextCursor }];
    }),
  );

  return {
    groups: plans.map((plan): TaskGroup => {
      const page = pageOf.get(plan) ?? { items: [], nextCursor: null };
      const count = plan.group
        ? counts.get(plan.key.columnId ?? `${plan.key.urgency}:${plan.key.importance}`)
        : undefined;
      const all = count?.count ?? 0;
      if (!plan.isHidingEarlier) return { ...plan.key, ...page, total: all };
      const hiddenCount = count?.completedBefore ?? 0;
      return { ...plan.key, ...page, total: all - hiddenCount, hiddenCount };
    }),
  };
}

type Filters = Omit<ListTaskGroupsQuery, 'groupBy' | 'limit' | 'doneSince'>;

async function planColumns(
  ctx: AppContext,
  options: { userId: string; doneSince: string | undefined },
): Promise<GroupPlan[]> {
  const { doneSince } = options;
  return (await columns.findColumns(ctx, { userId: options.userId })).map((column) => {
    const isHidingEarlier = column.isCompletion && doneSince !== undefined;
    return {
      key: { columnId: column.id },
      group: { columnId: column.id, doneSince: isHidingEarlier ? new Date(doneSince) : undefined },
      isHidingEarlier,
    };
  });
}

function planCells(filters: Filters): GroupPlan[] {
  return cellLevels.flatMap((importance) =>
    cellLevels.map((urgency) => {
      // A cell the urgency or importance filter rules out holds nothing.
      const isRuledOut =
        (filters.urgency !== undefined && filters.urgency !== urgency) ||
        (filters.importance !== undefined && filters.importance !== importance);
      return {
        key: { urgency, importance },
        group: isRuledOut ? undefined : { urgency, importance },
        isHidingEarlier: false,
      };
    }),
  );
}
