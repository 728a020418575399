import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** Loading and error states of the trackers screens, announced to screen readers. */
export function TrackerViewState({
  kind,
  title,
  onRetry,
}: {
  kind: 'loading' | 'error';
  title: string;
  onRetry?: () => void;
}) {
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

/** A screen with nothing in it yet: what goes here, and the first step. */
export function TrackerEmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="rounded-full bg-muted p-3 text-muted-foreground [&_svg]:size-6">{icon}</span>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}
