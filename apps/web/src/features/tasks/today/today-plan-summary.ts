import type { TodayPlan } from '@cairn/contracts/task-planning';
import { formatMinutes } from '../task-page/format-minutes';

/** Today's plan in the words the plan bar shows. */
export interface TodayPlanSummary {
  /** "3 of 5" against the daily limit; "3 tasks" when there is none. */
  load: string;
  /** Today holds as many open tasks as the daily limit allows: adding more is refused. */
  isFull: boolean;
  /** "2 h 30 min planned". */
  planned: string;
  /** "3 h 10 min left today"; null while the work-day hours are not set. */
  left: string | null;
  /** By how much the estimates exceed what is left of the work day ("45 min"); null when they fit. */
  overBy: string | null;
  /** "2 without an estimate"; null when every task has one. */
  unestimated: string | null;
}

/** Today is full once its open tasks reach a daily limit (0 means no limit). */
export function isTodayFull(plan: Pick<TodayPlan, 'openCount' | 'dailyLimit'>): boolean {
  return plan.dailyLimit > 0 && plan.openCount >= plan.dailyLimit;
}

/** Why a task cannot be added to Today, in the words of the disabled menu item; undefined when it can. */
export function findTodayFullReason(plan: Pick<TodayPlan, 'openCount' | 'dailyLimit'>): string | undefined {
  if (!isTodayFull(plan)) return undefined;
  return `Today is full: ${plan.openCount} of ${plan.dailyLimit}, your daily limit`;
}

export function summarizeTodayPlan(plan: TodayPlan): TodayPlanSummary {
  const { openCount, dailyLimit, plannedMinutes, unestimatedCount, minutesLeftInWorkDay } = plan;
  const overMinutes = minutesLeftInWorkDay === null ? 0 : plannedMinutes - minutesLeftInWorkDay;
  return {
    load:
      dailyLimit > 0 ? `${openCount} of ${dailyLimit}` : `${openCount} ${openCount === 1 ? 'task' : 'tasks'}`,
    isFull: isTodayFull(plan),
    planned: `${formatMinutes(plannedMinutes)} planned`,
    left: minutesLeftInWorkDay === null ? null : `${formatMinutes(minutesLeftInWorkDay)} left today`,
    overBy: overMinutes > 0 ? formatMinutes(overMinutes) : null,
    unestimated: unestimatedCount > 0 ? `${unestimatedCount} without an estimate` : null,
  };
}
