import { cn } from '../../../lib/cn';

/** Marks an archived task where it is still listed (under its parent, in a tree), set apart from open ones. */
export function ArchivedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'shrink-0 rounded-full border px-2 py-0.5 text-xs font-normal text-muted-foreground no-underline',
        className,
      )}
    >
      Archived
    </span>
  );
}
