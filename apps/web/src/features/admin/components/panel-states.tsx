import type { ReactNode } from 'react';
import { LoadingScreen } from '../../../components/fallback/loading-screen';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

export function PanelLoading() {
  return <LoadingScreen isFullScreen={false} />;
}

export function PanelError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-destructive/40 p-4">
      <p className="text-sm">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * A wide table in a region of its own that scrolls sideways on a phone; focusable so the keyboard can
 * scroll it, and named so a screen reader says what it holds.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus for the keyboard to scroll it.
      tabIndex={0}
      className={cn(
        'overflow-x-auto rounded-lg border outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {children}
    </section>
  );
}

export const tableClassName = 'w-full border-collapse text-left text-sm';
export const headCellClassName =
  'border-b bg-muted/50 px-2.5 py-2 text-xs font-medium whitespace-nowrap text-muted-foreground sm:first:pl-4 sm:last:pr-4';
export const cellClassName = 'border-b px-2.5 py-2 align-middle sm:first:pl-4 sm:last:pr-4';
