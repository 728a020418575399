import { useEffect, useState } from 'react';
import { scheduleChunkReload } from '../../lib/chunk-load';
import { Button } from '../ui/button';

/** A newer build replaced the files this page needs; one automatic reload per session fetches it. */
export function ChunkLoadError() {
  const [isReloadScheduled, setIsReloadScheduled] = useState(true);

  useEffect(() => {
    setIsReloadScheduled(scheduleChunkReload());
  }, []);

  return (
    <div
      role="alert"
      className="flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <h1 className="text-2xl font-semibold">App Update Available</h1>
      <p className="text-muted-foreground">The page will refresh automatically to load the latest version.</p>
      {!isReloadScheduled && (
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      )}
    </div>
  );
}
