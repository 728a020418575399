import * as Sentry from '@sentry/react';

/** Logs an error and sends it to the error-reporting service. */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  console.error(error);
  Sentry.captureException(error, context ? { extra: context } : undefined);
}
