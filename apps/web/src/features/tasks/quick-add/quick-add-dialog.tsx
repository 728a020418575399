import { TASK_TITLE_MAX_LENGTH } from '@cairn/contracts/tasks';
import { useNavigate } from '@tanstack/react-router';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toasts';
import { useCreateTaskMutation } from '../api/tasks/create-task';
import { quoteTaskTitle } from '../hooks/use-task-actions';
import { QuickAddInput } from './quick-add-input';

interface QuickAddDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Quick add from anywhere ("q"): the same field as in the views, reading dates, recurrences, "!high"
 * and "#List". It stays open for the next task; each one added says so with a link to open it.
 */
export function QuickAddDialog({ isOpen, onOpenChange }: QuickAddDialogProps) {
  const createTask = useCreateTaskMutation();
  const navigate = useNavigate();
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Quick add"
      description="Type a task with its date, repeat, urgency and list, e.g. “Pay rent every month on the 1st #Home !high”."
      className="top-[15dvh] max-w-lg translate-y-0 gap-3"
    >
      <QuickAddInput
        label="Add a task"
        placeholder="What needs doing?"
        maxLength={TASK_TITLE_MAX_LENGTH}
        isOpenByDefault
        onSubmit={(task) =>
          createTask.mutate(task, {
            onSuccess: (created) =>
              toast.success(`${quoteTaskTitle(created.title)} added`, {
                action: {
                  label: 'Open',
                  onClick: () => void navigate({ to: '/tasks/$taskId', params: { taskId: created.id } }),
                },
              }),
          })
        }
      />
    </Dialog>
  );
}
