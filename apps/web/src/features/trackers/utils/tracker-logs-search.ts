import { isUuid } from '../../../lib/is-uuid';

// The routes validate their search on every page, the login page included, so these are plain checks
// rather than the contract's schemas, which would bring their library there.

/** /trackers/logs: the tracker shown and the range of days, both ends included. */
export interface TrackerLogsSearch {
  trackerId?: string;
  from?: string;
  to?: string;
}

/** The listing's filters, as the API takes them. */
export type TrackerLogFilters = TrackerLogsSearch;

const CALENDAR_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !CALENDAR_DAY.test(value)) return false;
  // 2025-02-30 matches the pattern but is no day.
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** An invalid value is left out (spec section 5: no error page), so an old bookmark still opens. */
export function readTrackerLogsSearch(search: Record<string, unknown>): TrackerLogsSearch {
  const trackerId = isUuid(search.trackerId) ? search.trackerId.toLowerCase() : undefined;
  const from = isCalendarDay(search.from) ? search.from : undefined;
  const rawTo = isCalendarDay(search.to) ? search.to : undefined;
  // A range that ends before it starts is no range; its end is dropped.
  const to = from && rawTo && rawTo < from ? undefined : rawTo;
  return {
    ...(trackerId && { trackerId }),
    ...(from && { from }),
    ...(to && { to }),
  };
}

/**
 * The filters the listing asks for: a tracker id that is none of the user's trackers (deleted, or
 * another account's) is ignored like any invalid value, and every log is shown.
 */
export function trackerLogFiltersOf(
  search: TrackerLogsSearch,
  trackerIds: ReadonlySet<string> | undefined,
): TrackerLogFilters {
  const { trackerId, ...range } = search;
  if (trackerId === undefined || !trackerIds?.has(trackerId)) return range;
  return { trackerId, ...range };
}
