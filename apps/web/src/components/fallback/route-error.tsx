import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isChunkLoadError } from '../../lib/chunk-load';
import { captureError } from '../../lib/error-reporting';
import { Button } from '../ui/button';
import { ChunkLoadError } from './chunk-load-error';

/** The error view of any route below the root (spec section 2). */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const isChunkError = isChunkLoadError(error);

  useEffect(() => {
    if (!isChunkError) captureError(error);
  }, [error, isChunkError]);

  if (isChunkError) return <ChunkLoadError />;

  return (
    <div
      role="alert"
      className="flex min-h-[60dvh] flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-prose break-words text-muted-foreground">
        {error instanceof Error && error.message ? error.message : 'An unexpected error occurred'}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try Again
        </Button>
      </div>
    </div>
  );
}
