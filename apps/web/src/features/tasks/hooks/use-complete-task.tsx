import type { Task, TaskDetail } from '@cairn/contracts/tasks';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useTimeZone } from '../../../lib/time-zone';
import { toast } from '../../../lib/toasts';
import { taskDetailQueryOptions } from '../api/task-detail/get-task-detail';
import { taskKeys } from '../api/task-keys';
import { isOpenSubtasksError, useCompleteTaskMutation } from '../api/tasks/complete-task';
import { useUncompleteTaskMutation } from '../api/tasks/uncomplete-task';
import { getDueLabel } from '../utils/due-label';
import { formatOpenSubtasks, getSubtaskProgress } from '../utils/subtask-progress';
import { quoteTaskTitle } from './use-task-actions';

/** A task as any screen has it: a listing's row knows how many subtasks it has, a detail knows them. */
type CompletableTask = Pick<Task, 'id' | 'title' | 'completedAt'> &
  Partial<Pick<Task, 'childrenCount'> & Pick<TaskDetail, 'children'>>;

interface PendingParent {
  task: CompletableTask;
  /** How many open subtasks, counted as the task page's subtasks section counts them. */
  openCount: number | null;
  onStart: (() => void) | undefined;
}

interface CompleteOptions {
  /** Runs as the request goes out, once the user has answered any question: an optimistic tick. */
  onStart?: () => void;
}

/**
 * Completing and reopening a task. A task with open subtasks asks first whether to complete them too;
 * should the API still find open ones (deeper down, archived, or added elsewhere meanwhile), its refusal
 * asks the same question afterwards.
 * A completion ends with a toast whose Undo reopens the task. Render `dialog` once wherever the hook is used.
 */
export function useCompleteTask(): {
  setCompleted: (task: CompletableTask, isCompleted: boolean, options?: CompleteOptions) => void;
  toggle: (task: CompletableTask) => void;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const completeMutation = useCompleteTaskMutation();
  const uncomplete = useUncompleteTaskMutation();
  const [pending, setPending] = useState<PendingParent | null>(null);
  const timeZone = useTimeZone();

  /** "Next: Wed 2 Dec" for a recurring task's next occurrence, so the user sees the series go on. */
  function describeNext(next: Task | null): string | undefined {
    if (!next?.dueDate) return undefined;
    const due = getDueLabel(new Date(next.dueDate), {
      now: new Date(),
      timeZone,
      hasTime: next.dueDateHasTime,
    });
    return `Next: ${due.text}`;
  }

  // The toast hangs on the request's promise: a completed task may leave the listing (and its row
  // unmount) before the server answers, and mutate's own callbacks are dropped with the row.
  function complete(task: CompletableTask, withChildren: boolean, onStart?: () => void) {
    onStart?.();
    completeMutation.mutateAsync({ taskId: task.id, withChildren }).then(
      (completed) => {
        toast.success(`${quoteTaskTitle(task.title)} completed`, {
          description: describeNext(completed.nextOccurrence),
          action: { label: 'Undo', onClick: () => uncomplete.mutate(task.id) },
        });
      },
      (error: unknown) => {
        // Other failures already show the mutation's error toast.
        if (!isOpenSubtasksError(error)) return;
        setPending({ task, openCount: null, onStart: undefined });
      },
    );
  }

  /** Open direct subtasks, from what the screen has or else the task's detail; null when unknown. */
  function countOpenSubtasks(task: CompletableTask): number | null | Promise<number | null> {
    const children =
      task.children ?? queryClient.getQueryData<TaskDetail>(taskKeys.detail(task.id))?.children;
    if (children) return getSubtaskProgress(children).open;
    if (task.childrenCount === 0) return 0;
    return queryClient.fetchQuery(taskDetailQueryOptions(task.id)).then(
      (detail) => getSubtaskProgress(detail.children).open,
      // The API's own check still asks.
      () => null,
    );
  }

  function setCompleted(task: CompletableTask, isCompleted: boolean, options: CompleteOptions = {}) {
    if (!isCompleted) {
      options.onStart?.();
      uncomplete.mutate(task.id);
      return;
    }
    const ask = (openCount: number | null) => {
      if (openCount) setPending({ task, openCount, onStart: options.onStart });
      else complete(task, false, options.onStart);
    };
    // Known at once in most cases, so the tick shows without waiting.
    const openCount = countOpenSubtasks(task);
    if (openCount instanceof Promise) void openCount.then(ask);
    else ask(openCount);
  }

  // Mounted only while asking: every card and row on a screen uses this hook.
  const dialog = pending && (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => !open && setPending(null)}
      title="Complete the subtasks too?"
      description={`${quoteTaskTitle(pending.task.title)} ${pending.openCount ? `has ${formatOpenSubtasks(pending.openCount)}` : 'still has open subtasks below it'}. Completing it completes them as well.`}
      confirmLabel="Complete all"
      variant="default"
      onConfirm={() => {
        complete(pending.task, true, pending.onStart);
      }}
    />
  );

  return {
    setCompleted,
    toggle: (task) => setCompleted(task, task.completedAt === null),
    dialog,
  };
}
