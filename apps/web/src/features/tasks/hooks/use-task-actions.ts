import type { Task } from '@cairn/contracts/tasks';
import { toast } from '../../../lib/toasts';
import { useArchiveTaskMutation } from '../api/tasks/archive-task';
import { useRestoreTaskMutation } from '../api/tasks/restore-task';
import { useTrashTaskMutation } from '../api/tasks/trash-task';
import { useUnarchiveTaskMutation } from '../api/tasks/unarchive-task';

type NamedTask = Pick<Task, 'id' | 'title'>;

const TOAST_TITLE_LENGTH = 60;

/** A task's title as a toast quotes it: long titles are cut so the toast keeps its size. */
export function quoteTaskTitle(title: string): string {
  const short = title.length > TOAST_TITLE_LENGTH ? `${title.slice(0, TOAST_TITLE_LENGTH - 1)}…` : title;
  return `“${short}”`;
}

/** Failures already show the mutation's own error toast; nothing more to do with them here. */
function ignoreFailure() {}

/**
 * Archiving and trashing from a row or a card, each followed by a toast with Undo. The row leaves the
 * screen before the server answers, so the toast hangs on the request's promise, which outlives the row,
 * rather than on mutate's callbacks, which are dropped once the row unmounts.
 */
export function useTaskRemovalActions(): {
  archive: (task: NamedTask) => void;
  unarchive: (task: NamedTask) => void;
  moveToTrash: (task: NamedTask) => void;
} {
  const archiveMutation = useArchiveTaskMutation();
  const unarchiveMutation = useUnarchiveTaskMutation();
  const trashMutation = useTrashTaskMutation();
  const restoreMutation = useRestoreTaskMutation();

  return {
    archive: (task) => {
      archiveMutation.mutateAsync(task.id).then(() => {
        toast.success(`${quoteTaskTitle(task.title)} archived`, {
          action: { label: 'Undo', onClick: () => unarchiveMutation.mutate(task.id) },
        });
      }, ignoreFailure);
    },
    unarchive: (task) => {
      unarchiveMutation.mutateAsync(task.id).then(() => {
        toast.success(`${quoteTaskTitle(task.title)} is back from the archive`, {
          action: { label: 'Undo', onClick: () => archiveMutation.mutate(task.id) },
        });
      }, ignoreFailure);
    },
    moveToTrash: (task) => {
      trashMutation.mutateAsync(task.id).then(() => {
        toast.success(`${quoteTaskTitle(task.title)} moved to the trash`, {
          action: { label: 'Undo', onClick: () => restoreMutation.mutate(task.id) },
        });
      }, ignoreFailure);
    },
  };
}
