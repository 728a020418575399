import type { WorklogReport, WorklogReportRow } from '@cairn/contracts/worklogs';
import { daysBetween, formatShortDay } from '../utils/calendar-days';
import { toChartHours } from '../utils/durations';
import { isChartedByDay, type ReportRange } from './report-range';

/** One bar of a chart: what it is called, and its hours with and without breaks. */
export interface ChartBar {
  key: string;
  label: string;
  duration: number;
  durationWithBreaks: string;
  hours: number;
  hoursWithBreaks: number;
}

function toBar(
  key: string,
  label: string,
  row: Pick<WorklogReportRow, 'duration' | 'durationWithBreaks'> | undefined,
): ChartBar {
  const duration = row?.duration ?? 0;
  const durationWithBreaks = row?.durationWithBreaks ?? '0';
  return {
    key,
    label,
    duration,
    durationWithBreaks,
    hours: toChartHours(duration),
    hoursWithBreaks: toChartHours(durationWithBreaks),
  };
}

/**
 * The time chart's bars: every day of the range (days without time too, so gaps show) when it is
 * short enough, else the weeks the server grouped.
 */
export function timeBars(
  report: WorklogReport,
  range: ReportRange,
): { unit: 'day' | 'week'; bars: ChartBar[] } {
  if (isChartedByDay(range)) {
    const byDay = new Map(report.byDay.map((row) => [row.key, row]));
    return {
      unit: 'day',
      bars: daysBetween(range.from, range.to).map((day) => toBar(day, formatShortDay(day), byDay.get(day))),
    };
  }
  return {
    unit: 'week',
    bars: report.byWeek.map((row) =>
      toBar(row.key ?? '', `Week of ${row.key ? formatShortDay(row.key) : row.label}`, row),
    ),
  };
}

/** Groups by name (project, category, client), largest first; "none" groups keep the server's label. */
export function groupBars(rows: readonly WorklogReportRow[]): ChartBar[] {
  return rows
    .map((row) => toBar(row.key ?? 'none', row.label, row))
    .sort((first, second) => second.duration - first.duration || first.label.localeCompare(second.label));
}
