import { AlertTriangleIcon, CheckIcon, CircleDotIcon, LoaderCircleIcon, RotateCwIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { SaveStatus } from './note-saver';

interface SaveStatusIndicatorProps {
  status: SaveStatus;
  onRetry: () => void;
  onResolveConflict: () => void;
}

/** Where the note's text stands: saving, saved, not yet saved, in conflict, or failed with the reason. */
export function SaveStatusIndicator({ status, onRetry, onResolveConflict }: SaveStatusIndicatorProps) {
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm" data-save-state={status.kind}>
      <p role="status" aria-live="polite" className="flex min-w-0 items-center gap-1.5 text-muted-foreground">
        {status.kind === 'saving' && (
          <>
            <LoaderCircleIcon className="size-4 shrink-0 motion-safe:animate-spin" aria-hidden />
            Saving…
          </>
        )}
        {status.kind === 'saved' && (
          <>
            <CheckIcon className="size-4 shrink-0 text-primary" aria-hidden />
            Saved
          </>
        )}
        {status.kind === 'unsaved' && (
          <>
            <CircleDotIcon className="size-4 shrink-0" aria-hidden />
            Unsaved changes
          </>
        )}
        {status.kind === 'conflict' && (
          <span className="flex items-center gap-1.5 font-medium text-destructive">
            <AlertTriangleIcon className="size-4 shrink-0" aria-hidden />
            Conflict
          </span>
        )}
        {status.kind === 'failed' && (
          <span className="flex min-w-0 items-center gap-1.5 text-destructive">
            <AlertTriangleIcon className="size-4 shrink-0" aria-hidden />
            <span className="truncate" title={`Not saved: ${status.reason}`}>
              Not saved: {status.reason}
            </span>
          </span>
        )}
      </p>
      {status.kind === 'failed' && (
        <Button size="sm" variant="outline" className="h-8" onClick={onRetry}>
          <RotateCwIcon aria-hidden />
          Retry
        </Button>
      )}
      {status.kind === 'conflict' && (
        <Button size="sm" variant="outline" className="h-8" onClick={onResolveConflict}>
          Resolve…
        </Button>
      )}
    </div>
  );
}
