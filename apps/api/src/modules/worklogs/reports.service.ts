import type { WorklogReport, WorklogReportQuery, WorklogReportRow } from '@cairn/contracts/worklogs';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { formatDecimalText } from '../../lib/decimal-text';
import { resolveReferences } from './entries.service';
import type { ReportDimension, ReportRow } from './reports.repository';
import * as repository from './reports.repository';

/** Reports: a range's time, with and without breaks, grouped every way the screens chart it. */

/** Five years of days and a leap day more: enough for any chart, bounded for the database. */
export const MAX_REPORT_DAYS = 5 * 366;

const MS_PER_DAY = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

/** A range whose end is before its start, or that spans more than the limit, is refused with 400. */
export function assertRange(options: { from: string; to: string; maxDays?: number }): void {
  const days = daysBetween(options.from, options.to);
  const refuse = (message: string) =>
    new AppError('VALIDATION_FAILED', message, { issues: [{ path: ['querystring', 'to'], message }] });
  if (days < 0) throw refuse('The range ends before it starts');
  if (options.maxDays !== undefined && days >= options.maxDays)
    throw refuse(`A range may span at most ${options.maxDays} days`);
}

const NO_CATEGORY = 'No category';
const NO_CLIENT = 'No client';

function toReportRow(row: ReportRow): WorklogReportRow {
  const fallback = row.dimension === 'category' ? NO_CATEGORY : row.dimension === 'client' ? NO_CLIENT : '';
  return {
    key: row.key,
    label: row.key === null ? fallback : (row.label ?? ''),
    duration: Number(row.duration),
    durationWithBreaks: formatDecimalText(row.durationWithBreaks),
  };
}

/** What `localeCompare` without arguments compares with, made once rather than on every call. */
const collator = new Intl.Collator();

/** Periods oldest first; projects, categories and clients by time spent, most first. */
function byPeriod(a: WorklogReportRow, b: WorklogReportRow): number {
  return collator.compare(a.key ?? '', b.key ?? '');
}
function byTime(a: WorklogReportRow, b: WorklogReportRow): number {
  return b.duration - a.duration || collator.compare(a.label, b.label);
}

/** Totals of the range per day, ISO week, month, project, category and client; rows only where time was logged. */
export async function getReport(
  ctx: AppContext,
  options: { userId: string; query: WorklogReportQuery },
): Promise<WorklogReport> {
  const { userId, query } = options;
  assertRange({ from: query.from, to: query.to, maxDays: MAX_REPORT_DAYS });
  await resolveReferences(ctx, { userId, projectId: query.projectId });
  const rows = await repository.findReportRows(ctx.db, {
    userId,
    projectId: query.projectId,
    from: query.from,
    to: query.to,
  });
  const of = (dimension: ReportDimension) =>
    rows.filter((row) => row.dimension === dimension).map(toReportRow);
  const total = rows.find((row) => row.dimension === 'total');
  return {
    from: query.from,
    to: query.to,
    total: {
      count: total?.count ?? 0,
      duration: Number(total?.duration ?? 0),
      durationWithBreaks: formatDecimalText(total?.durationWithBreaks ?? '0'),
    },
    byDay: of('day').sort(byPeriod),
    byWeek: of('week').sort(byPeriod),
    byMonth: of('month').sort(byPeriod),
    byProject: of('project').sort(byTime),
    byCategory: of('category').sort(byTime),
    byClient: of('client').sort(byTime),
  };
}
