import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** A pane's loading state, announced to screen readers. */
export function PaneLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-2 p-4 text-sm text-muted-foreground">
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden />
      {label}…
    </div>
  );
}

/** A pane's failure, with a way to try again. */
export function PaneError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="m-3 grid justify-items-start gap-3 rounded-lg border border-destructive/30 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <CircleAlertIcon className="size-4 text-destructive" aria-hidden />
        {title}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** What a pane shows when it has nothing: an icon, a line, and what to do about it. */
export function PaneEmpty({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-2 px-6 py-12 text-center">
      <div className="text-muted-foreground [&_svg]:size-8">{icon}</div>
      <p className="font-medium">{title}</p>
      {description && <p className="max-w-xs text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
