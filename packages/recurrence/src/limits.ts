// The spec's limits. They bound loops over rules that can never produce a day; the engine computes
// valid occurrences arithmetically, so none of these can cut a valid answer short.

/** Most occurrences one between() call returns. */
export const MAX_OCCURRENCES = 1000;

/**
 * Consecutive days a `condition` may reject before the search gives up. A predicate is opaque code,
 * so this is the one place where a limit stands in for a proof that no day will ever match.
 */
export const MAX_CONDITION_ATTEMPTS = 1000;

/** Months in the 400-year Gregorian cycle; month lengths and weekdays repeat after it. */
export const MONTHS_IN_CALENDAR_CYCLE = 4800;

/**
 * The last calendar day whose start a Date can hold: Date ends 100,000,000 days after 1970, and a
 * day's first instant in a zone west of UTC lies up to half a day past its UTC midnight.
 */
export const LAST_REPRESENTABLE_DAY = 100_000_000 - 2;
