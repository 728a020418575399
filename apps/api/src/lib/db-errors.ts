/** The name of the unique constraint a failed write ran into, from either driver's error. */
export function findUniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * Values the database refused as data, not as a fault of ours: text it cannot store (a NUL byte,
 * a broken character), a date or number out of its range, a malformed value for a typed column.
 * The contracts refuse these first; this is the net for anything that slips through.
 */
const refusedValueSqlStates = new Set(['22021', '22P05', '22007', '22008', '22003', '22P02', '22001']);

export function isRefusedValue(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && refusedValueSqlStates.has(candidate.code)) return true;
    current = candidate.cause;
  }
  return false;
}

/** Socket errors of a server that is down, restarting or unreachable. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL codes that say the server is going away or not accepting work yet: admin_shutdown,
 * crash_shutdown, cannot_connect_now, too_many_connections (class 08, connection exceptions, below).
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** What the pg driver says when a connection dies or cannot be had in time. */
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function isUnavailableCause(candidate: { code?: unknown; message?: unknown }): boolean {
  const { code, message } = candidate;
  if (typeof code === 'string') {
    if (unreachableCodes.has(code) || unavailableSqlStates.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && unavailableMessages.some((text) => message.startsWith(text));
}

/**
 * Whether a failed query failed because the database could not be reached rather than because of the
 * query: such a request can succeed a moment later, so it answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  // Drizzle wraps the driver's error in `cause`; a refused connection to a name with several addresses
  // arrives as an AggregateError of one error per address.
  for (let seen = 0; pending.length > 0 && seen < 10; seen++) {
    const current = pending.shift();
    if (!current || typeof current !== 'object') continue;
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (isUnavailableCause(candidate)) return true;
    pending.push(candidate.cause);
    if (Array.isArray(candidate.errors)) pending.push(...candidate.errors);
  }
  return false;
}

/**
 * Disk trouble under the data: a full or read-only file system, met by a file write (Node's code) or
 * by the database itself (disk_full). Freeing space or remounting fixes it without a change to the
 * request, so it answers 503, not 500.
 */
const storageFullCodes = new Set(['ENOSPC', 'EDQUOT', 'EROFS', '53100']);

/** The code (ENOSPC, EROFS, 53100…) of the disk trouble that failed the request, if that is what did. */
export function findStorageFailure(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && storageFullCodes.has(candidate.code)) return candidate.code;
    current = candidate.cause;
  }
  return undefined;
}
