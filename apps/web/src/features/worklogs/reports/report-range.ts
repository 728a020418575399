import { addDays, addMonths, countDays, endOfMonth, startOfMonth, startOfWeek } from '../utils/calendar-days';

export interface ReportRange {
  from: string;
  to: string;
}

export const reportRangePresets = [
  { id: 'this-week', label: 'This week' },
  { id: 'last-week', label: 'Last week' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'this-year', label: 'This year' },
] as const;
export type ReportRangePresetId = (typeof reportRangePresets)[number]['id'];

/** The days a preset covers, counted from the user's today. */
export function getPresetRange(preset: ReportRangePresetId, today: string): ReportRange {
  switch (preset) {
    case 'this-week': {
      const monday = startOfWeek(today);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'last-week': {
      const monday = addDays(startOfWeek(today), -7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'this-month':
      return { from: startOfMonth(today), to: endOfMonth(today) };
    case 'last-month': {
      const first = addMonths(today, -1);
      return { from: first, to: endOfMonth(first) };
    }
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** The preset a range is, if any. */
export function findRangePreset(range: ReportRange, today: string): ReportRangePresetId | undefined {
  return reportRangePresets.find(({ id }) => {
    const preset = getPresetRange(id, today);
    return preset.from === range.from && preset.to === range.to;
  })?.id;
}

/** The range the URL names, completed: this month when it names none, a month from a lone start. */
export function readReportRange(
  from: string | undefined,
  to: string | undefined,
  today: string,
): ReportRange {
  if (from && to) return { from, to };
  if (from) return { from, to: endOfMonth(from) };
  if (to) return { from: startOfMonth(to), to };
  return getPresetRange('this-month', today);
}

/** Up to this many days the chart shows each day; a longer range shows weeks. */
export const MAX_DAYS_CHARTED = 62;

export function isChartedByDay(range: ReportRange): boolean {
  return countDays(range.from, range.to) <= MAX_DAYS_CHARTED;
}
