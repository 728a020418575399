import { HttpError, SchemaValidationError, SessionEndedError, UserFacingError } from './errors';
import { loadToasts } from './toasts';

export const DEFAULT_ERROR_FALLBACK = 'Something went wrong';

/** A schema library's parse failure, told by its name so this module (on every page) does not import it. */
function isZodError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError';
}

/**
 * The text a failed call shows (spec section 8), or null when it shows none: schema mismatches are only
 * logged, an aborted request was wanted, and a session that ended already sends the user to the login page.
 */
export function getErrorToastMessage(
  error: unknown,
  fallback: string = DEFAULT_ERROR_FALLBACK,
): string | null {
  if (error instanceof SchemaValidationError || isZodError(error)) return null;
  if (error instanceof SessionEndedError) return null;
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (error instanceof UserFacingError) return error.message;
  if (error instanceof HttpError) {
    if (error.body?.detail) return error.body.detail;
    if (error.body?.error) return error.body.error;
    if (!error.status) return fallback;
    return `${fallback} (${[error.status, error.statusText].filter(Boolean).join(' ')})`;
  }
  // fetch rejects with a TypeError when the network fails; its text means nothing to a user.
  if (error instanceof TypeError) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function showErrorToast(error: unknown, fallback?: string): void {
  const message = getErrorToastMessage(error, fallback);
  if (error instanceof SchemaValidationError || isZodError(error)) console.error(error);
  // The id collapses repeats of the same failure (a query retried on mount) into one toast.
  if (message === null) return;
  void loadToasts().then(
    ({ toast }) => toast.error(message, { id: message }),
    (loadError: unknown) => console.error('The message could not be shown:', message, loadError),
  );
}
