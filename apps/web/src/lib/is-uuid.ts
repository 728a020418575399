/** The pattern zod's `z.uuid()` accepts: RFC 9562 versions 1 to 8, plus the nil and max UUIDs. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/**
 * Whether a value is a UUID as the contracts' id schema sees it. A plain check for code on every page
 * (route loaders, search params), which should not need the schema library to read an id.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
