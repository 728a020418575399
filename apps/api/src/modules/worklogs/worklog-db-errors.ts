/**
 * Whether a write failed on a foreign key (SQLSTATE 23503), from either driver's error: a project
 * deleted while it still has entries, or an entry naming a project or category deleted meanwhile.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503') return true;
    current = candidate.cause;
  }
  return false;
}
