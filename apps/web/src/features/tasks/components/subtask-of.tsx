import { CornerDownRightIcon } from 'lucide-react';
import { MaskIcon, maskImage } from '../../../components/ui/mask-icon';
import { cn } from '../../../lib/cn';

const arrow = maskImage(CornerDownRightIcon);

/** "↳ Parent title" under a subtask shown among top-level tasks. */
export function SubtaskOf({ title, className }: { title: string; className?: string }) {
  return (
    <p className={cn('flex min-w-0 items-center gap-1 text-xs text-muted-foreground', className)}>
      <MaskIcon image={arrow} className="inline-block size-3" />
      <span className="sr-only">Subtask of </span>
      <span className="truncate">{title}</span>
    </p>
  );
}
