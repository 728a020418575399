import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showErrorToast } from './error-toast';
import { isHttpError, SessionEndedError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Fallback toast text when the query fails (spec section 8). */
      errorMessage?: string;
      /** The screen shows the failure itself. */
      isErrorToastHidden?: boolean;
    };
    mutationMeta: {
      errorMessage?: string;
      isErrorToastHidden?: boolean;
    };
  }
}

const MAX_RETRIES = 2;
const DEFAULT_STALE_TIME_MS = 10_000;

/** When this page was opened; data older than that was restored from the offline copy. */
const pageOpenedAt = Date.now();

/**
 * A `staleTime`: data fetched since the page opened stays fresh for `ms`, so a loader's request is not
 * repeated by the screen; data restored from the offline copy is stale at once and asked for again.
 */
export function freshOnThisPageFor(ms: number) {
  return (query: { state: { dataUpdatedAt: number } }) =>
    query.state.dataUpdatedAt >= pageOpenedAt ? ms : 0;
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof SessionEndedError) return false;
  // A 4xx answer will not change by asking again.
  if (isHttpError(error) && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.isErrorToastHidden) showErrorToast(error, query.meta?.errorMessage);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.isErrorToastHidden) showErrorToast(error, mutation.meta?.errorMessage);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // A route's loader starts its queries before the screen's code has loaded; the screen then reads
        // the same data moments later and must not ask again. Mutations still refresh what they touch.
        staleTime: freshOnThisPageFor(DEFAULT_STALE_TIME_MS),
      },
      mutations: { retry: false },
    },
  });
}
