import type { Task } from '@cairn/contracts/tasks';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { isHttpError } from '../../../lib/errors';
import { isOpenSubtasksError, useCompleteTaskMutation } from '../api/tasks/complete-task';
import { useUncompleteTaskMutation } from '../api/tasks/uncomplete-task';

type CompletableTask = Pick<Task, 'id' | 'title' | 'completedAt'>;

interface PendingParent {
  task: CompletableTask;
  /** The API's own count, such as "2 open subtasks". */
  detail: string;
}

/**
 * Completing and reopening a task, with the question the API asks about open subtasks: the first try
 * completes only the task; when it has open subtasks the user confirms, and it is sent again with them.
 * Render `dialog` once wherever the hook is used.
 */
export function useCompleteTask(): {
  setCompleted: (task: CompletableTask, isCompleted: boolean) => void;
  toggle: (task: CompletableTask) => void;
  dialog: ReactNode;
} {
  const complete = useCompleteTaskMutation();
  const uncomplete = useUncompleteTaskMutation();
  const [pending, setPending] = useState<PendingParent | null>(null);

  function setCompleted(task: CompletableTask, isCompleted: boolean) {
    if (!isCompleted) {
      uncomplete.mutate(task.id);
      return;
    }
    complete.mutate(
      { taskId: task.id },
      {
        onError: (error) => {
          if (!isOpenSubtasksError(error)) return;
          const detail = isHttpError(error) ? (error.body?.detail ?? 'It has open subtasks') : '';
          setPending({ task, detail });
        },
      },
    );
  }

  const dialog = (
    <ConfirmDialog
      isOpen={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title="Complete the subtasks too?"
      description={`“${pending?.task.title}” has ${pending?.detail || 'open subtasks'}. Completing it completes them as well.`}
      confirmLabel="Complete all"
      variant="default"
      onConfirm={() => {
        if (pending) complete.mutate({ taskId: pending.task.id, withChildren: true });
      }}
    />
  );

  return {
    setCompleted,
    toggle: (task) => setCompleted(task, task.completedAt === null),
    dialog,
  };
}
