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

/** What each foreign key of the trackers area refers to, for the 404 a broken one answers. */
function describeReference(constraint: string): string {
  if (constraint.includes('_currencies_')) return 'Currency';
  if (constraint === 'trackers_group_fkey') return 'Tracker group';
  if (constraint === 'tracker_sources_source_fkey') return 'Source tracker';
  return 'Tracker';
}

/**
 * Runs a write whose references were checked before: one that another request removed in between
 * (a group, a source tracker, the tracker a log is for) answers 404 like a missing row, or
 * `refusal` when given, never a 500.
 */
export async function refusingBrokenReferences<T>(
  write: () => Promise<T>,
  refusal?: () => AppError,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = findForeignKeyViolation(error);
    if (constraint === undefined) throw error;
    throw refusal ? refusal() : notFound(describeReference(constraint));
  }
}

/** A tracker in use as a source cannot be deleted; the message names the trackers that read it. */
export function usedAsSource(names: readonly string[]): AppError {
  return new AppError('CONFLICT', `Used by the calculated tracker(s) ${names.join(', ')}`);
}
