import { AppError, notFound } from '../../lib/app-error';

/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

/** The name of the foreign key a failed write broke ('' when the driver does not say), from either driver's error. */
function findForeignKeyViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === FOREIGN_KEY_VIOLATION) {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * Runs a write whose own references were checked, or are checked by the database's keys alone: an
 * unknown currency (shared reference data, so its key is the check) answers 404 like any missing
 * row, and a reference that another request removed in between gets `refusal` instead of a 500.
 */
export async function refusingBrokenReferences<T>(
  write: () => Promise<T>,
  refusal: () => AppError,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = findForeignKeyViolation(error);
    if (constraint === undefined) throw error;
    throw constraint.includes('_currencies_') ? notFound('Currency') : refusal();
  }
}

/** The references of a row being written went away between the check and the write (a concurrent delete). */
export const referenceGone = () => new AppError('NOT_FOUND', 'The account or category was just deleted');
