import type { Task } from '@cairn/contracts/tasks';
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
      {/* A plain button with the checkbox role: boards and lists render hundreds, and Radix's checkbox
          costs several times as much to mount for nothing a card needs. */}
      <button
        type="button"
        role="checkbox"
        aria-checked={isCompleted}
        data-state={isCompleted ? 'checked' : 'unchecked'}
        onClick={(event) => {
          event.stopPropagation();
          setCompleted(task, !isCompleted);
        }}
        onPointerDown={(event) => event.stopPropagation()}
        // Checkboxes toggle with Space only (Enter would submit a form, or open the card around it).
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        aria-label={`Complete “${task.title}”`}
        className={cn(
          'peer flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-muted-foreground/60 outline-none transition-colors hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
          className,
        )}
      >
        {isCompleted && <CheckIcon className="size-3.5" strokeWidth={3} aria-hidden />}
      </button>
      {dialog}
    </>
  );
}
