/**
 * Whether a change of a task screen's search params should replace the history entry instead of
 * pushing one. Filters push, so Back returns to the previous filter; typing in the search box
 * replaces, so Back does not step through every pause in the typing.
 */
export function replacesHistory(patch: Record<string, unknown>): boolean {
  const keys = Object.keys(patch);
  return keys.length > 0 && keys.every((key) => key === 'q');
}
