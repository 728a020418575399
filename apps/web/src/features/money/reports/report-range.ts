import { addMonths, format, parseISO, startOfMonth, startOfYear, subYears } from 'date-fns';

/** A report's days, both included, as YYYY-MM-DD. */
export interface ReportRange {
  from: string;
  to: string;
}

export const reportRangePresets = [
  { id: 'this-month', label: 'This month' },
  { id: 'last-3-months', label: 'Last 3 months' },
  { id: 'last-6-months', label: 'Last 6 months' },
  { id: 'last-12-months', label: 'Last 12 months' },
  { id: 'this-year', label: 'This year' },
  { id: 'last-year', label: 'Last year' },
] as const;
export type ReportRangePresetId = (typeof reportRangePresets)[number]['id'];

const DAY_FORMAT = 'yyyy-MM-dd';
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function lastMonths(today: Date, count: number): ReportRange {
  return {
    from: format(addMonths(startOfMonth(today), 1 - count), DAY_FORMAT),
    to: format(today, DAY_FORMAT),
  };
}

/**
 * The days a preset covers when `today` (YYYY-MM-DD, the user's today) is the last day: "last n
 * months" are the n calendar months that end with the current one, so every bar is a whole month but
 * the current one, which runs through today.
 */
export function getPresetRange(preset: ReportRangePresetId, today: string): ReportRange {
  const day = parseISO(today);
  switch (preset) {
    case 'this-month':
      return lastMonths(day, 1);
    case 'last-3-months':
      return lastMonths(day, 3);
    case 'last-6-months':
      return lastMonths(day, 6);
    case 'last-12-months':
      return lastMonths(day, 12);
    case 'this-year':
      return { from: format(startOfYear(day), DAY_FORMAT), to: today };
    case 'last-year': {
      const year = subYears(day, 1).getFullYear();
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    }
  }
}

/** The preset a range is, or 'custom' when it is none of them today. */
export function findRangePreset(range: ReportRange, today: string): ReportRangePresetId | 'custom' {
  const found = reportRangePresets.find(({ id }) => {
    const presetRange = getPresetRange(id, today);
    return presetRange.from === range.from && presetRange.to === range.to;
  });
  return found?.id ?? 'custom';
}

/** Why a custom range cannot be shown, or null when it can. */
export function findRangeProblem(range: ReportRange): string | null {
  if (!dayPattern.test(range.from) || Number.isNaN(parseISO(range.from).getTime()))
    return 'Choose a start day';
  if (!dayPattern.test(range.to) || Number.isNaN(parseISO(range.to).getTime())) return 'Choose an end day';
  // Same-length ISO days compare as text.
  if (range.from > range.to) return 'The start must not be after the end';
  return null;
}

/** Every calendar month (YYYY-MM) the range touches, in order. */
export function listRangeMonths(range: ReportRange): string[] {
  const months: string[] = [];
  const last = range.to.slice(0, 7);
  for (
    let month = startOfMonth(parseISO(range.from));
    format(month, 'yyyy-MM') <= last;
    month = addMonths(month, 1)
  ) {
    months.push(format(month, 'yyyy-MM'));
  }
  return months;
}
