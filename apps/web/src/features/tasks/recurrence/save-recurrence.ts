import type { StoredRecurrenceOptions } from '@cairn/recurrence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showErrorToast } from '../../../lib/error-toast';
import { placeCachedTask, refreshTaskCounts } from '../api/tasks/task-cache';
import { updateTask } from '../api/tasks/update-task';
import { readServerRecurrenceIssues } from './recurrence-issues';

export interface SaveRecurrenceVariables {
  taskId: string;
  quickurrence: StoredRecurrenceOptions;
}

/**
 * Saves a task's rule from the editor, which stays open until the server answers: a refusal of the rule
 * is shown beside its fields (see readServerRecurrenceIssues), anything else as a toast. The server's
 * answer carries the rule's text, the next date and, for a task without one, the first due date.
 */
export function useSaveRecurrenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, quickurrence }: SaveRecurrenceVariables) =>
      updateTask({ taskId, body: { quickurrence } }),
    meta: { isErrorToastHidden: true },
    onSuccess: (task) => placeCachedTask(queryClient, task),
    onError: (error) => {
      if (!readServerRecurrenceIssues(error)) showErrorToast(error, 'Could not save the repeat rule');
    },
    onSettled: () => refreshTaskCounts(queryClient),
  });
}
