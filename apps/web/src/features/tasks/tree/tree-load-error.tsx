import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface TreeLoadErrorProps {
  title?: string;
  message?: string;
  action?: ReactNode;
  onRetry?: () => void;
}

export function TreeLoadError({
  title = 'The tree could not be loaded',
  message = 'Check your connection and try again.',
  action,
  onRetry,
}: TreeLoadErrorProps) {
  return (
    <div
      role="alert"
      className="flex min-h-[50dvh] flex-1 flex-col items-center justify-center gap-3 text-center"
    >
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-prose text-muted-foreground">{message}</p>
      {action}
      {onRetry && <Button onClick={onRetry}>Try again</Button>}
    </div>
  );
}
