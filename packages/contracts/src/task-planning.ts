import { z } from 'zod';
import { idSchema, instantSchema, textSchema } from './common';
import { taskSchema } from './tasks';

/**
 * Planning a day: Today's load against the daily limit and the work day, rewards, and the two ways of
 * dealing tasks one at a time (swiss and swiss-random).
 */

/**
 * GET /api/v1/tasks/today-plan. openCount counts the open tasks in Today (the `today` smart view);
 * plannedMinutes sums their estimates, unestimatedCount says how many have none. minutesLeftInWorkDay
 * is what remains of today's work day in the user's zone at this moment (0 once it has ended, the
 * whole day before it starts); null when the work-day hours are not set.
 */
export const todayPlanSchema = z.object({
  openCount: z.number().int(),
  dailyLimit: z.number().int(),
  plannedMinutes: z.number().int(),
  unestimatedCount: z.number().int(),
  workDayStart: z.string().nullable(),
  workDayEnd: z.string().nullable(),
  minutesLeftInWorkDay: z.number().int().nullable(),
});
export type TodayPlan = z.infer<typeof todayPlanSchema>;

export const rewardStatuses = ['claimable', 'claimed', 'all'] as const;

/** GET /api/v1/rewards: claimable ones by completion, newest first; claimed ones by claim, newest first. */
export const listRewardsQuerySchema = z.strictObject({
  status: z.enum(rewardStatuses).optional(),
  cursor: textSchema().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type ListRewardsQuery = z.infer<typeof listRewardsQuerySchema>;

export const rewardSchema = z.object({
  taskId: idSchema,
  title: z.string(),
  reward: z.string(),
  listId: idSchema.nullable(),
  completedAt: instantSchema,
  rewardedAt: instantSchema.nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardPageSchema = z.object({
  items: z.array(rewardSchema),
  nextCursor: z.string().nullable(),
  /** Rewards waiting to be claimed, whatever the status asked for (the sidebar's badge). */
  claimableCount: z.number().int(),
});
export type RewardPage = z.infer<typeof rewardPageSchema>;

/**
 * GET /api/v1/tasks/random: one open task drawn at random, weighted toward urgent, important and older
 * tasks, never one skipped in the last hour (POST /api/v1/tasks/{id}/draw-skip). A seed makes the draw
 * reproducible; without one it is random.
 */
export const randomTaskQuerySchema = z.strictObject({
  seed: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  listId: idSchema.optional(),
});
export type RandomTaskQuery = z.infer<typeof randomTaskQuerySchema>;

export const randomTaskSchema = z.object({
  task: taskSchema.nullable(),
  /** How many open tasks the draw chose among (skipped ones left out). */
  candidates: z.number().int(),
  /** How many open tasks were left out because they were skipped in the last hour. */
  skipped: z.number().int(),
});
export type RandomTask = z.infer<typeof randomTaskSchema>;

/** How long a skipped task stays out of the random draw. */
export const DRAW_SKIP_MINUTES = 60;

/** GET /api/v1/tasks/swiss/candidates: the big tasks worth cutting into holes, biggest first. */
export const swissCandidateSchema = z.object({
  id: idSchema,
  title: z.string(),
  estimatedTime: z.number().int().nullable(),
  openSubtasks: z.number().int(),
  openChecklistItems: z.number().int(),
});
export type SwissCandidate = z.infer<typeof swissCandidateSchema>;
export const swissCandidatesSchema = z.object({ items: z.array(swissCandidateSchema) });

/**
 * GET /api/v1/tasks/{id}/swiss: a big task's small holes, in the order they are dealt: open checklist
 * items, then open leaf subtasks (no open subtasks of their own) with an estimate of 15 minutes or
 * less, then the other open leaf subtasks, each group in tree order. progress counts the subtasks and
 * checklist items of the whole subtree, done and in all.
 */
export const SWISS_SMALL_HOLE_MINUTES = 15;
export const swissHoleSchema = z.object({
  kind: z.enum(['subtask', 'checklistItem']),
  /** The subtask's id, or the checklist item's. */
  id: idSchema,
  /** The task the hole belongs to: the subtask itself, or the task holding the checklist item. */
  taskId: idSchema,
  title: z.string(),
  estimatedTime: z.number().int().nullable(),
  /** Titles from below the big task down to the hole's parent, for context. */
  path: z.array(z.string()),
});
export type SwissHole = z.infer<typeof swissHoleSchema>;

export const swissDeckSchema = z.object({
  task: taskSchema,
  holes: z.array(swissHoleSchema),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type SwissDeck = z.infer<typeof swissDeckSchema>;
