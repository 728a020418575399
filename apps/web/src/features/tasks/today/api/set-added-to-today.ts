import type { TodayPlan } from '@cairn/contracts/task-planning';
import type { Task } from '@cairn/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getBrowserTimeZone } from '../../../../lib/api-client';
import { showErrorToast } from '../../../../lib/error-toast';
import { isHttpError } from '../../../../lib/errors';
import { restoreQueries, snapshotQueries } from '../../../../lib/optimistic-removal';
import { toast } from '../../../../lib/toasts';
import { taskKeys } from '../../api/task-keys';
import {
  findCachedTask,
  placeCachedTask,
  refreshTaskCounts,
  restoreTaskCaches,
  snapshotTaskCaches,
} from '../../api/tasks/task-cache';
import { updateTask } from '../../api/tasks/update-task';
import { isInToday, shiftTodayPlan } from '../today-membership';

export interface SetAddedToTodayVariables {
  task: Task;
  /** True puts the task in Today, false keeps it out, null lets its due date decide. */
  addedToToday: boolean | null;
}

/**
 * A refusal because Today is at its daily limit leads with the API's message, which names the limit
 * ("Today already holds 5 tasks, your daily limit"); its detail (how full Today is) comes beneath.
 */
function showTodayErrorToast(error: unknown) {
  if (isHttpError(error) && error.code === 'DAILY_LIMIT_REACHED' && error.body?.error) {
    const message = error.body.error;
    toast.error(message, { id: message, description: error.body.detail });
    return;
  }
  showErrorToast(error, 'Could not change Today');
}

/**
 * Puts a task in Today or takes it out. It moves in every cached listing and Today's plan counts it at
 * once; a refusal puts both back.
 */
export function useSetAddedToTodayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, addedToToday }: SetAddedToTodayVariables) =>
      updateTask({ taskId: task.id, body: { addedToToday } }),
    meta: { isErrorToastHidden: true },
    onMutate: async ({ task, addedToToday }) => {
      const [snapshot, planSnapshot] = await Promise.all([
        snapshotTaskCaches(queryClient),
        snapshotQueries(queryClient, [taskKeys.todayPlan()]),
      ]);
      const previous = findCachedTask(queryClient, task.id) ?? task;
      const optimistic = { ...previous, addedToToday };
      placeCachedTask(queryClient, optimistic, { previous });
      const plan = queryClient.getQueryData<TodayPlan>(taskKeys.todayPlan());
      if (plan) {
        const clock = { now: new Date(), timeZone: getBrowserTimeZone() };
        const shift = {
          task: previous,
          wasIn: isInToday(previous, clock),
          isIn: isInToday(optimistic, clock),
        };
        queryClient.setQueryData(taskKeys.todayPlan(), shiftTodayPlan(plan, shift));
      }
      return { snapshot, planSnapshot, optimistic };
    },
    onSuccess: (saved, _variables, context) =>
      placeCachedTask(queryClient, saved, { previous: context.optimistic }),
    onError: (error, _variables, context) => {
      restoreTaskCaches(queryClient, context?.snapshot);
      restoreQueries(queryClient, context?.planSnapshot);
      showTodayErrorToast(error);
    },
    onSettled: () => refreshTaskCounts(queryClient),
  });
}
