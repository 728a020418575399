import type { Task } from '@cairn/contracts/tasks';
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { CheckIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useCompleteTask } from '../hooks/use-complete-task';

interface CompleteTaskCheckboxProps {
  task: Pick<Task, 'id' | 'title' | 'completedAt'>;
  className?: string;
}

/**
 * The round tick that completes or reopens a task, at once, asking first when the task still has open
 * subtasks. Labelled with the task's title for screen readers.
 */
export function CompleteTaskCheckbox({ task, className }: CompleteTaskCheckboxProps) {
  const { setCompleted, dialog } = useCompleteTask();
  const isCompleted = task.completedAt !== null;
  return (
    <>
      <CheckboxPrimitive.Root
        checked={isCompleted}
        onCheckedChange={(checked) => setCompleted(task, checked === true)}
        onClick={(event) => event.stopPropagation()}
        onPointerDown={(event) => event.stopPropagation()}
        aria-label={`Complete “${task.title}”`}
        className={cn(
          'peer flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground/60 outline-none transition-colors hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
          className,
        )}
      >
        <CheckboxPrimitive.Indicator>
          <CheckIcon className="size-3.5" strokeWidth={3} aria-hidden />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      {dialog}
    </>
  );
}
