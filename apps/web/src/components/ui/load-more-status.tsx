import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

interface LoadMoreStatusProps {
  /** What the rows are, plural: "logs", "transactions". */
  noun: string;
  hasMore: boolean;
  isLoadingMore: boolean;
  isLoadMoreError: boolean;
  onRetry: () => void;
  className?: string;
}

/** The foot of a paged list: a spinner while the next page loads, or a retry when it failed. */
export function LoadMoreStatus({
  noun,
  hasMore,
  isLoadingMore,
  isLoadMoreError,
  onRetry,
  className,
}: LoadMoreStatusProps) {
  if (isLoadMoreError)
    return (
      <div role="alert" className={cn('flex items-center justify-between gap-2 text-sm', className)}>
        <span className="text-destructive">Could not load more {noun}.</span>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  if (!hasMore && !isLoadingMore) return null;
  return (
    <p
      role="status"
      className={cn('flex items-center justify-center gap-1.5 text-xs text-muted-foreground', className)}
    >
      <LoaderCircleIcon className="size-3.5 animate-spin" aria-hidden />
      Loading more {noun}…
    </p>
  );
}
