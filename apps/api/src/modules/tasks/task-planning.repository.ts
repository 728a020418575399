import { MAX_TASK_DEPTH } from '@cairn/contracts/tasks';
import { and, desc, eq, inArray, isNotNull, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { DayBounds } from '../../lib/day-bounds';
import { checklistItems } from './checklist-items.table';
import { smartViewFilter } from './smart-view-filters';
import type { TaskRow } from './tasks.repository';
import { tasks } from './tasks.table';

/** Reads and writes behind planning a day: Today's load, rewards, the random draw and swiss decks. */

const openLive = (userId: string) =>
  and(eq(tasks.userId, userId), isNull(tasks.completedAt), isNull(tasks.deletedAt)) as SQL;

/**
 * Serializes the changes that put tasks in one user's Today until the transaction ends, so two at
 * once cannot both see room for one more under the daily limit.
 */
export async function lockToday(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`task-today:${userId}`}, 0))`);
}

export type TodayLoad = { openCount: number; plannedMinutes: number; unestimatedCount: number };

/** The open tasks in Today (the smart view's rule), their summed estimates and how many have none. */
export async function summarizeToday(
  db: Db,
  options: { userId: string; bounds: DayBounds; excludingIds?: readonly string[] },
): Promise<TodayLoad> {
  const excluded = options.excludingIds?.length ? notInArray(tasks.id, [...options.excludingIds]) : undefined;
  const [row] = await db
    .select({
      openCount: sql<number>`count(*)`.mapWith(Number),
      plannedMinutes: sql<number>`coalesce(sum(${tasks.estimatedTime}), 0)`.mapWith(Number),
      unestimatedCount: sql<number>`count(*) filter (where ${tasks.estimatedTime} is null)`.mapWith(Number),
    })
    .from(tasks)
    .where(and(openLive(options.userId), smartViewFilter('today', options.bounds), excluded));
  return row ?? { openCount: 0, plannedMinutes: 0, unestimatedCount: 0 };
}

export type RewardStatus = 'claimable' | 'claimed' | 'all';
export type RewardRow = Pick<TaskRow, 'id' | 'title' | 'reward' | 'listId' | 'completedAt' | 'rewardedAt'>;

const hasReward = (userId: string) =>
  and(
    eq(tasks.userId, userId),
    isNotNull(tasks.reward),
    isNotNull(tasks.completedAt),
    isNull(tasks.deletedAt),
  ) as SQL;

/** Claimed rewards are ordered by when they were claimed; the others by when the task was completed. */
const rewardOrderColumn = (status: RewardStatus) =>
  status === 'claimed' ? tasks.rewardedAt : tasks.completedAt;

export async function findRewards(
  db: Db,
  options: { userId: string; status: RewardStatus; after: [Date, string] | undefined; limit: number },
): Promise<RewardRow[]> {
  const orderColumn = rewardOrderColumn(options.status);
  const statusFilter = {
    claimable: isNull(tasks.rewardedAt),
    claimed: isNotNull(tasks.rewardedAt),
    all: undefined,
  }[options.status];
  const after = options.after
    ? or(
        lt(orderColumn, options.after[0]),
        and(eq(orderColumn, options.after[0]), lt(tasks.id, options.after[1])),
      )
    : undefined;
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      reward: tasks.reward,
      listId: tasks.listId,
      completedAt: tasks.completedAt,
      rewardedAt: tasks.rewardedAt,
    })
    .from(tasks)
    .where(and(hasReward(options.userId), statusFilter, after))
    .orderBy(desc(orderColumn), desc(tasks.id))
    .limit(options.limit);
}

export async function countClaimableRewards(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(tasks)
    .where(and(hasReward(userId), isNull(tasks.rewardedAt)));
  return row?.count ?? 0;
}

/** Claims the reward unless it already is: two claims at once set it once, the second finds nothing. */
export async function claimReward(
  db: Db,
  options: { userId: string; taskId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ rewardedAt: options.at, updatedAt: options.at })
    .where(
      and(
        hasReward(options.userId),
        eq(tasks.id, options.taskId),
        isNull(tasks.rewardedAt),
        sql`${tasks.reward} <> ''`,
      ),
    )
    .returning({ id: tasks.id });
  return rows.length > 0;
}

export async function markDrawSkipped(db: Db, options: { userId: string; taskId: string; at: Date }) {
  await db
    .update(tasks)
    .set({ drawSkippedAt: options.at })
    .where(and(eq(tasks.userId, options.userId), eq(tasks.id, options.taskId)));
}

/**
 * A task's weight in the random draw: urgency and importance each count 1 (low), 2 (medium) or 3
 * (high), and age adds a third of the weight per month waiting, up to three months (so a task left
 * for a quarter weighs 4 times a new one). In float8 throughout: numeric arithmetic over every open
 * task costs several times more.
 */
const drawWeight = (now: Date) => sql`
  (case ${tasks.urgency} when 'high' then 3.0::float8 when 'medium' then 2.0::float8 else 1.0::float8 end)
  * (case ${tasks.importance} when 'high' then 3.0::float8 when 'medium' then 2.0::float8 else 1.0::float8 end)
  * (1 + least(greatest(date_part('epoch', ${now}::timestamptz - ${tasks.createdAt}), 0) / 86400, 90) / 30)`;

/**
 * A uniform number in (0, 1] per task: from the seed and the task's id when seeded (the same seed
 * draws the same task from the same tasks), else from random().
 */
const drawUniform = (seed: number | undefined) =>
  seed === undefined
    ? sql`(1 - random())`
    : sql`(((hashtextextended(${tasks.id}::text, ${seed}) & 9223372036854775807)::float8 + 1) / 9223372036854775808.0)`;

export type DrawResult = { taskId: string | null; candidates: number; skipped: number };

/**
 * Draws one open, live, unarchived task with probability proportional to its weight (weighted
 * sampling by the smallest -ln(u) / weight), leaving out those skipped since skippedSince.
 */
export async function drawTask(
  db: Db,
  options: { userId: string; listId: string | undefined; now: Date; skippedSince: Date; seed?: number },
): Promise<DrawResult> {
  const isSkipped = sql`coalesce(${tasks.drawSkippedAt} > ${options.skippedSince}::timestamptz, false)`;
  const pool = and(
    openLive(options.userId),
    isNull(tasks.archivedAt),
    options.listId ? eq(tasks.listId, options.listId) : undefined,
  );
  const [counts] = await db
    .select({
      candidates: sql<number>`count(*) filter (where not ${isSkipped})`.mapWith(Number),
      skipped: sql<number>`count(*) filter (where ${isSkipped})`.mapWith(Number),
    })
    .from(tasks)
    .where(pool);
  const [drawn] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(pool, sql`not ${isSkipped}`))
    .orderBy(sql`-ln(${drawUniform(options.seed)}) / (${drawWeight(options.now)})`, tasks.id)
    .limit(1);
  return { taskId: drawn?.id ?? null, candidates: counts?.candidates ?? 0, skipped: counts?.skipped ?? 0 };
}

export type SwissCandidateRow = {
  id: string;
  title: string;
  estimated_time: number | null;
  open_subtasks: number;
  open_checklist_items: number;
};

/**
 * Open top-level tasks with open work below them (subtasks at any depth, checklist items of the task
 * and its subtasks), the most holes first, then the biggest estimate.
 */
export function findSwissCandidates(
  db: Db,
  options: { userId: string; limit: number },
): Promise<SwissCandidateRow[]> {
  const { userId } = options;
  const isOpen = (alias: string) =>
    sql.raw(`${alias}.completed_at is null and ${alias}.deleted_at is null and ${alias}.archived_at is null`);
  // Only roots with open work below them are walked, each level through the parent index, and the
  // checklists are counted once per task: the user's other open tasks are never expanded.
  return queryRows<SwissCandidateRow>(
    db,
    sql`with recursive items as (
          select c.task_id, count(*)::int as open_items from checklist_items c
           where c.user_id = ${userId} and ${isOpen('c')}
           group by c.task_id
        ), tree(root_id, id, depth) as (
          select r.id, r.id, 0 from tasks r
           where r.user_id = ${userId} and r.parent_id is null and ${isOpen('r')}
             and (exists (select 1 from tasks c where c.user_id = ${userId} and c.parent_id = r.id and ${isOpen('c')})
                  or exists (select 1 from items where items.task_id = r.id))
          union all
          select tree.root_id, t.id, tree.depth + 1 from tasks t join tree on t.parent_id = tree.id
           where t.user_id = ${userId} and ${isOpen('t')} and tree.depth < ${MAX_TASK_DEPTH}
        ), sizes as (
          select tree.root_id,
                 (count(*) filter (where tree.depth > 0))::int as open_subtasks,
                 coalesce(sum(items.open_items), 0)::int as open_checklist_items
            from tree left join items on items.task_id = tree.id
           group by tree.root_id
        )
        select t.id, t.title, t.estimated_time, sizes.open_subtasks, sizes.open_checklist_items
          from sizes join tasks t on t.user_id = ${userId} and t.id = sizes.root_id
         order by sizes.open_subtasks + sizes.open_checklist_items desc, t.estimated_time desc nulls last,
                  t.created_at, t.id
         limit ${options.limit}`,
  );
}

export type SwissTreeRow = {
  id: string;
  parent_id: string | null;
  title: string;
  estimated_time: number | null;
  completed_at: string | Date | null;
  depth: number;
};

/** The task and its live, unarchived subtasks (open or done), in tree order per level. */
export function findSwissTree(db: Db, options: { userId: string; taskId: string }): Promise<SwissTreeRow[]> {
  const { userId } = options;
  return queryRows<SwissTreeRow>(
    db,
    sql`with recursive tree(id, depth) as (
          select id, 0 from tasks where user_id = ${userId} and id = ${options.taskId}
          union all
          select t.id, tree.depth + 1 from tasks t join tree on t.parent_id = tree.id
           where t.user_id = ${userId} and t.deleted_at is null and t.archived_at is null
             and tree.depth < ${MAX_TASK_DEPTH}
        ) cycle id set is_loop using path
        select t.id, t.parent_id, t.title, t.estimated_time, t.completed_at, tree.depth
          from tree join tasks t on t.user_id = ${userId} and t.id = tree.id
         where not tree.is_loop
         order by tree.depth, t.priority, t.id`,
  );
}

/** The live, unarchived checklist items of these tasks, in their order. */
export async function findChecklistsOf(db: Db, options: { userId: string; taskIds: readonly string[] }) {
  if (options.taskIds.length === 0) return [];
  return db
    .select({
      id: checklistItems.id,
      taskId: checklistItems.taskId,
      title: checklistItems.title,
      completedAt: checklistItems.completedAt,
    })
    .from(checklistItems)
    .where(
      and(
        eq(checklistItems.userId, options.userId),
        inArray(checklistItems.taskId, [...options.taskIds]),
        isNull(checklistItems.deletedAt),
        isNull(checklistItems.archivedAt),
      ),
    )
    .orderBy(checklistItems.priority, checklistItems.id);
}
