import type { Readable } from 'node:stream';
import type { ExportWorklogsQuery, WorklogCsvColumnKey } from '@cairn/contracts/worklogs';
import type { AppContext } from '../../lib/app-context';
import { notFound } from '../../lib/app-error';
import { type CsvCell, createCsvStream } from '../../lib/csv-cells';
import { findCategories } from './categories.repository';
import { enabledColumns, readCsvExportConfig } from './csv-export-config';
import { formatTimeOfDay } from './entry-times';
import type { ExportField, ExportPageKey, ExportRow } from './export.repository';
import * as repository from './export.repository';
import { getProjectRow, rememberPreset } from './projects.service';
import { assertRange } from './reports.service';

/** Rows read per query while the file streams out: memory stays at one batch, whatever the range. */
export const EXPORT_BATCH_SIZE = 1000;

const time = (minute: number | null | undefined) => (minute == null ? '' : formatTimeOfDay(minute));
const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));
/**
 * Durations and multipliers, written by the database and positive by its checks: nothing in them to
 * guard against a spreadsheet or to quote, so they skip both tests.
 */
const number = (value: string | number | null | undefined): CsvCell =>
  value == null ? '' : { number: String(value) };

/** What an entry's cells need besides the entry: its project, and the names of the user's categories. */
type ExportNames = { project: string; client: string | null; categories: ReadonlyMap<string, string> };

type ColumnWriter = {
  /** The entry's fields the column reads (workDate is always read). */
  fields: readonly ExportField[];
  cell(row: ExportRow, names: ExportNames): CsvCell;
};

const columnWriters: Record<WorklogCsvColumnKey, ColumnWriter> = {
  workDate: { fields: [], cell: (row) => row.workDate },
  startTime: { fields: ['startMinute'], cell: (row) => time(row.startMinute) },
  endTime: { fields: ['endMinute'], cell: (row) => time(row.endMinute) },
  duration: { fields: ['duration'], cell: (row) => number(row.duration) },
  durationHours: { fields: ['durationHours'], cell: (row) => number(row.durationHours) },
  breaksMultiplier: { fields: ['breaksMultiplier'], cell: (row) => number(row.breaksMultiplier) },
  durationWithBreaks: { fields: ['durationWithBreaks'], cell: (row) => number(row.durationWithBreaks) },
  durationWithBreaksHours: {
    fields: ['durationWithBreaksHours'],
    cell: (row) => number(row.durationWithBreaksHours),
  },
  project: { fields: [], cell: (_row, names) => names.project },
  client: { fields: [], cell: (_row, names) => names.client },
  category: {
    fields: ['categoryId'],
    cell: (row, names) => (row.categoryId ? (names.categories.get(row.categoryId) ?? '') : ''),
  },
  taskName: { fields: ['taskName'], cell: (row) => text(row.taskName) },
  taskUrl: { fields: ['taskUrl'], cell: (row) => text(row.taskUrl) },
  pullRequestUrl: { fields: ['pullRequestUrl'], cell: (row) => text(row.pullRequestUrl) },
  description: { fields: ['description'], cell: (row) => text(row.description) },
};

/**
 * A project's entries in the range as CSV, with its enabled columns in their order (or a preset's,
 * which is then remembered as the last used). Everything that can fail is checked before the first
 * byte goes out; the rows stream from the database a batch at a time.
 */
export async function exportWorklogs(
  ctx: AppContext,
  options: { userId: string; query: ExportWorklogsQuery },
): Promise<{ fileName: string; content: Readable }> {
  const { userId, query } = options;
  assertRange({ from: query.from, to: query.to });
  const project = await getProjectRow(ctx, { userId, projectId: query.projectId });
  const config = readCsvExportConfig(project.csvExportConfig, project.name);
  let columns = config.columns;
  if (query.preset !== undefined) {
    const preset = config.presets.find((candidate) => candidate.name === query.preset);
    if (!preset) throw notFound('Export preset');
    columns = preset.columns;
    if (config.lastUsedPreset !== preset.name)
      await rememberPreset(ctx, { userId, projectId: project.id, presetName: preset.name });
  }
  const writers = enabledColumns(columns).map((column) => ({ ...column, ...columnWriters[column.key] }));
  const fields = new Set(writers.flatMap((writer) => writer.fields));
  const categories = fields.has('categoryId') ? await findCategories(ctx.db, userId) : [];
  const names: ExportNames = {
    project: project.name,
    client: project.client,
    categories: new Map(categories.map((category) => [category.id, category.name])),
  };

  async function* pages(): AsyncGenerator<CsvCell[][]> {
    let after: ExportPageKey | undefined;
    for (;;) {
      const page = await repository.findExportPage(ctx.db, {
        userId,
        projectId: project.id,
        from: query.from,
        to: query.to,
        fields,
        after,
        limit: EXPORT_BATCH_SIZE,
      });
      yield page.map((row) => writers.map((writer) => writer.cell(row, names)));
      const last = page.at(-1);
      if (!last || page.length < EXPORT_BATCH_SIZE) return;
      after = [last.workDate, last.startKey, last.id];
    }
  }

  return {
    fileName: `${config.defaultFilename}_${query.from}_${query.to}.csv`,
    content: createCsvStream({ header: writers.map((writer) => writer.label), pages: pages() }),
  };
}
