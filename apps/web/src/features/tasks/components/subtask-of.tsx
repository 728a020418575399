import { CornerDownRightIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** "↳ Parent title" under a subtask shown among top-level tasks. */
export function SubtaskOf({ title, className }: { title: string; className?: string }) {
  return (
    <p className={cn('flex min-w-0 items-center gap-1 text-xs text-muted-foreground', className)}>
      <CornerDownRightIcon className="size-3 shrink-0" aria-hidden />
      <span className="sr-only">Subtask of </span>
      <span className="truncate">{title}</span>
    </p>
  );
}
