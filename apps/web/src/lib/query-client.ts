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
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
