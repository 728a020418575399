import type { TodayPlan } from '@cairn/contracts/task-planning';
import type { Task } from '@cairn/contracts/tasks';
import { type ListingClock, taskMatchesListing } from '../utils/task-matches-listing';

/**
 * Whether the task is in Today, by the rule of the `today` smart view: added to it, or else due by the
 * end of today (spec section 4). Decides between "Add to Today" and "Remove from Today".
 */
export function isInToday(task: Task, clock: ListingClock): boolean {
  return taskMatchesListing(task, { view: 'today' }, clock) === true;
}

/**
 * Today's plan once a task has joined or left Today, as the server will count it: only open tasks
 * count, with their estimate, or as one without an estimate. Shown at once, before the server answers.
 */
export function shiftTodayPlan(
  plan: TodayPlan,
  change: {
    task: Pick<Task, 'completedAt' | 'archivedAt' | 'deletedAt' | 'estimatedTime'>;
    wasIn: boolean;
    isIn: boolean;
  },
): TodayPlan {
  const { task, wasIn, isIn } = change;
  const isOpen = task.completedAt === null && task.archivedAt === null && task.deletedAt === null;
  const delta = Number(isIn) - Number(wasIn);
  if (!isOpen || delta === 0) return plan;
  return {
    ...plan,
    openCount: Math.max(0, plan.openCount + delta),
    ...(task.estimatedTime === null
      ? { unestimatedCount: Math.max(0, plan.unestimatedCount + delta) }
      : { plannedMinutes: Math.max(0, plan.plannedMinutes + delta * task.estimatedTime) }),
  };
}
