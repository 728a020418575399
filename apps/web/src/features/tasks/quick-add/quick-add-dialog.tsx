import { TASK_TITLE_MAX_LENGTH } from '@cairn/contracts/tasks';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useNavigate } from '@tanstack/react-router';
import { XIcon } from 'lucide-react';
import { toast } from 'sonner';
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
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content className="fixed top-[15dvh] left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 gap-3 rounded-xl border bg-background p-5 shadow-lg outline-none">
          <DialogPrimitive.Title className="text-lg font-semibold">Quick add</DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            Type a task with its date, repeat, urgency and list, e.g. “Pay rent every month on the 1st #Home
            !high”.
          </DialogPrimitive.Description>
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
          <DialogPrimitive.Close className="absolute top-3 right-3 rounded-sm p-1 opacity-70 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring">
            <XIcon className="size-5" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
