import type { Readable } from 'node:stream';
import type { ExportWorklogsQuery } from '@cairn/contracts/worklogs';
import type { AppContext } from '../../lib/app-context';
import { notFound } from '../../lib/app-error';
import { createCsvStream } from '../../lib/csv-cells';
import { enabledColumns, readCsvExportConfig } from './csv-export-config';
import type { ExportPageKey } from './export.repository';
import * as repository from './export.repository';
import { getProjectRow, rememberPreset } from './projects.service';
import { assertRange } from './reports.service';

/**
 * Entries written per query while the file streams out: memory stays at one batch (some 650 KB of
 * text) whatever the range, and planning each batch for its values costs little over so many rows.
 */
export const EXPORT_BATCH_SIZE = 5000;

/**
 * A project's entries in the range as CSV, with its enabled columns in their order (or a preset's,
 * which is then remembered as the last used). Everything that can fail is checked before the first
 * byte goes out; the records stream from the database a batch at a time, written there as CSV.
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
  const enabled = enabledColumns(columns);
  const columnKeys = enabled.map((column) => column.key);

  async function* batches(): AsyncGenerator<string> {
    let after: ExportPageKey | undefined;
    for (;;) {
      const batch = await repository.findExportBatch(ctx.db, {
        userId,
        projectId: project.id,
        project,
        from: query.from,
        to: query.to,
        columns: columnKeys,
        after,
        limit: EXPORT_BATCH_SIZE,
      });
      if (batch.text !== '') yield batch.text;
      if (!batch.last || batch.count < EXPORT_BATCH_SIZE) return;
      after = batch.last;
    }
  }

  return {
    fileName: `${config.defaultFilename}_${query.from}_${query.to}.csv`,
    content: createCsvStream({ header: enabled.map((column) => column.label), records: batches() }),
  };
}
