import { useEffect } from 'react';
import { isChunkLoadError } from '../../lib/chunk-load';
import { captureError } from '../../lib/error-reporting';
import { Button } from '../ui/button';
import { CenteredScreen } from './centered-screen';
import { ChunkLoadError } from './chunk-load-error';

/** Last line of defence when the app's frame itself fails (spec section 2). */
export function RootError({ error, isReported = false }: { error: unknown; isReported?: boolean }) {
  const isChunkError = isChunkLoadError(error);

  useEffect(() => {
    if (!isReported && !isChunkError) captureError(error);
  }, [error, isReported, isChunkError]);

  if (isChunkError) {
    return (
      <CenteredScreen>
        <ChunkLoadError />
      </CenteredScreen>
    );
  }

  return (
    <CenteredScreen role="alert">
      <h1 className="text-2xl font-semibold">Something went wrong!</h1>
      <p className="text-muted-foreground">Try reloading the page or go back</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={() => window.history.back()}>
          Go back
        </Button>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </CenteredScreen>
  );
}
