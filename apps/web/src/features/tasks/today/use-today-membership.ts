import type { Task } from '@cairn/contracts/tasks';
import { toast } from '../../../lib/toasts';
import { quoteTaskTitle } from '../hooks/use-task-actions';
import { useSetAddedToTodayMutation } from './api/set-added-to-today';

/** Failures already show the mutation's own error toast (a full Today shows the API's message). */
function ignoreFailure() {}

/**
 * Putting a task in Today and taking it out, each followed by a toast with Undo. The toast hangs on the
 * request's promise, which outlives a menu that closes or a row that leaves the Today view.
 */
export function useTodayMembership(): {
  addToToday: (task: Task) => void;
  removeFromToday: (task: Task) => void;
} {
  const mutation = useSetAddedToTodayMutation();

  function setAddedToToday(task: Task, addedToToday: boolean | null): Promise<Task> {
    return mutation.mutateAsync({ task, addedToToday });
  }

  /** Sets it back to what it was, which may be "let the due date decide" rather than in or out. */
  function undo(changed: Task, previous: Task) {
    setAddedToToday(changed, previous.addedToToday).catch(ignoreFailure);
  }

  return {
    addToToday: (task) => {
      setAddedToToday(task, true).then((changed) => {
        toast.success(`${quoteTaskTitle(task.title)} added to Today`, {
          action: { label: 'Undo', onClick: () => undo(changed, task) },
        });
      }, ignoreFailure);
    },
    removeFromToday: (task) => {
      setAddedToToday(task, false).then((changed) => {
        toast.success(`${quoteTaskTitle(task.title)} removed from Today`, {
          action: { label: 'Undo', onClick: () => undo(changed, task) },
        });
      }, ignoreFailure);
    },
  };
}
