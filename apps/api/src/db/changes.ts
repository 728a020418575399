/**
 * Whether an update names any column. Drizzle refuses an UPDATE with nothing to set, and an empty
 * PATCH is a valid request that changes nothing, so repositories read the row instead.
 */
export function hasChanges(changes: object): boolean {
  return Object.values(changes).some((value) => value !== undefined);
}
