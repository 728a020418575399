import { isUuid } from '../../../lib/is-uuid';
import { isCalendarDay, startOfWeek } from './calendar-days';

// The routes validate their search on every page, the login page included, so these are plain checks
// rather than the contract's schemas, which would bring their library there.

/** /worklogs/: the week shown, by its Monday; left out for this week. */
export interface WeekSearch {
  week?: string;
}

export function readWeekSearch(search: Record<string, unknown>): WeekSearch {
  // Any day of a week names it; a bookmark with a Wednesday opens that Monday's week.
  return isCalendarDay(search.week) ? { week: startOfWeek(search.week) } : {};
}

export const worklogListTabs = ['entries', 'reports'] as const;
export type WorklogListTab = (typeof worklogListTabs)[number];

/** /worklogs/list: the tab, the table's filters, and the range the reports and the table share. */
export interface WorklogListSearch {
  /** Left out for the entries. */
  tab?: Exclude<WorklogListTab, 'entries'>;
  projectId?: string;
  categoryId?: string;
  client?: string;
  taskId?: string;
  from?: string;
  to?: string;
  q?: string;
}

/** Free text: trimmed, 1 to `max` characters. */
function readText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length >= 1 && trimmed.length <= max ? trimmed : undefined;
}

function readId(value: unknown): string | undefined {
  return isUuid(value) ? value.toLowerCase() : undefined;
}

/** An invalid value is left out, so an old bookmark still opens. */
export function readWorklogListSearch(search: Record<string, unknown>): WorklogListSearch {
  const from = isCalendarDay(search.from) ? search.from : undefined;
  const to = isCalendarDay(search.to) ? search.to : undefined;
  const result: WorklogListSearch = {
    tab: search.tab === 'reports' ? 'reports' : undefined,
    projectId: readId(search.projectId),
    categoryId: readId(search.categoryId),
    client: readText(search.client, 255),
    taskId: readId(search.taskId),
    from,
    // A range that ends before it starts is no range; its end is dropped.
    to: from && to && to < from ? undefined : to,
    q: readText(search.q, 200),
  };
  return Object.fromEntries(
    Object.entries(result).filter(([, value]) => value !== undefined),
  ) satisfies Partial<WorklogListSearch> as WorklogListSearch;
}

/** The table's filters, as the API's listing takes them. */
export type WorklogFilters = Omit<WorklogListSearch, 'tab'>;

export function worklogFiltersOf(search: WorklogListSearch): WorklogFilters {
  const { tab: _tab, ...filters } = search;
  return filters;
}

export function hasWorklogFilters(filters: WorklogFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined);
}
