/** ISO 8601 instants with a time and an offset; calendar days (YYYY-MM-DD) stay strings. */
const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Turns every ISO instant string inside a parsed JSON value into a Date, leaving everything else alone. */
export function reviveDates(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!isoInstantPattern.test(value)) return value;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date;
  }
  if (Array.isArray(value)) return value.map(reviveDates);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, reviveDates(entry)]));
  }
  return value;
}
