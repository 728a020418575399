import { TASK_TITLE_MAX_LENGTH, type Task } from '@cairn/contracts/tasks';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { RenameDialog } from '../../../../components/ui/rename-dialog';
import { useUpdateTaskMutation } from '../../api/tasks/update-task';

/**
 * Renaming a card's task in a dialog: `start` opens it (from the card's menu), `onKeyDown` opens it on F2
 * from anything focused in the card, and `dialog` is rendered once beside the card.
 */
export function useRenameTaskDialog(task: Pick<Task, 'id' | 'title'>): {
  start: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  dialog: ReactNode;
} {
  const [isRenaming, setIsRenaming] = useState(false);
  const dialog = isRenaming ? <RenameTaskDialog task={task} onClose={() => setIsRenaming(false)} /> : null;
  return {
    start: () => setIsRenaming(true),
    onKeyDown: (event) => {
      if (event.key !== 'F2' || isRenaming) return;
      event.preventDefault();
      setIsRenaming(true);
    },
    dialog,
  };
}

/** Mounted only while renaming, so a board of cards does not hold a mutation per card. */
function RenameTaskDialog({ task, onClose }: { task: Pick<Task, 'id' | 'title'>; onClose: () => void }) {
  const update = useUpdateTaskMutation();
  return (
    <RenameDialog
      what="task"
      currentName={task.title}
      maxLength={TASK_TITLE_MAX_LENGTH}
      onClose={onClose}
      onSave={(title) => {
        onClose();
        if (title !== task.title) update.mutate({ taskId: task.id, body: { title } });
      }}
    />
  );
}
