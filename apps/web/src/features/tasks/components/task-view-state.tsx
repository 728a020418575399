import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

interface TaskViewStateProps {
  kind: 'loading' | 'error';
  title: string;
  onRetry?: () => void;
}

/** The loading and error states of the task screens, announced to screen readers. */
export function TaskViewState({ kind, title, onRetry }: TaskViewStateProps) {
  if (kind === 'loading') {
    return (
      <div role="status" className="flex items-center gap-2 py-10 text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
        {title}…
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="grid justify-items-start gap-3 rounded-lg border border-destructive/30 p-4 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <CircleAlertIcon className="size-4 text-destructive" aria-hidden />
        {title}
      </p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
