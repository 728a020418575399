import { CloudOffIcon } from 'lucide-react';
import { useIsOnline, usePendingChangeCount } from '../../lib/offline';

/** Says the app is offline, that screens show the last data seen, and how many changes wait to be sent. */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  const pendingChangeCount = usePendingChangeCount();
  return (
    // The live region stays in the page so screen readers announce the text when it appears.
    <div role="status" className="sticky top-14 z-20">
      {!isOnline && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b bg-muted px-3 py-2 text-sm sm:px-4">
          <CloudOffIcon aria-hidden className="size-4 shrink-0" />
          <span className="font-medium">You're offline.</span>
          <span className="text-muted-foreground">
            {pendingChangeCount === 0
              ? 'You see what was last loaded; changes you make are saved when you are back online.'
              : `${pendingChangeCount === 1 ? '1 change' : `${pendingChangeCount} changes`} will be saved when you're back online.`}
          </span>
        </p>
      )}
    </div>
  );
}
