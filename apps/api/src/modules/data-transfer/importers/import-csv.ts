import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from '@cairn/contracts/data-transfer';
import { AppError } from '../../../lib/app-error';
import { type CsvRecord, readCsv } from '../../money/csv-import-read';
import type { ExportDocument, ExportRow } from '../export-document';

/** What the CSV readers share: the header read by name, errors that name the line, the document around the rows. */

/** Far more than any real export holds; a larger file is more likely a mistake than a history. */
const MAX_IMPORT_ROWS = 200_000;

export function lineError(line: number, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Line ${line}: ${message}`);
}

export type ImportCsvRow = {
  line: number;
  /** The cell under a header name (any case); '' when the file has no such column or the row is short. */
  get(column: string): string;
  has(column: string): boolean;
};

/**
 * The file's rows (blank lines skipped, cells trimmed), read through the header's names. A file without
 * a header, or whose header lacks one of `requiredColumns`, is refused by name: it is another kind of file.
 */
export function readImportCsv(
  text: string,
  options: { source: string; requiredColumns: readonly string[] },
): ImportCsvRow[] {
  const table = readCsv(text, { hasHeader: true, maxRows: MAX_IMPORT_ROWS });
  if (table.columns.length === 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The file is empty; export a ${options.source} CSV and choose it again`,
    );
  }
  const indexOf = new Map<string, number>();
  table.columns.forEach((name, index) => {
    const key = name.toLowerCase();
    if (!indexOf.has(key)) indexOf.set(key, index);
  });
  const missing = options.requiredColumns.filter((column) => !indexOf.has(column.toLowerCase()));
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Line 1: the header lacks ${missing.join(', ')}, so this is not a ${options.source} CSV export`,
    );
  }
  if (table.records.length === 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The file has a header but no rows below it, so there is nothing to import',
    );
  }
  const has = (column: string) => indexOf.has(column.toLowerCase());
  return table.records.map((record: CsvRecord) => ({
    line: record.line,
    has,
    get: (column) => {
      const index = indexOf.get(column.toLowerCase());
      return index === undefined ? '' : (record.cells[index] ?? '');
    },
  }));
}

/** The document an import reads, around the rows a CSV gave; the account fields stay empty, a CSV has none. */
export function createImportDocument(options: {
  now: Date;
  timeZone: string;
  tables: Record<string, ExportRow[]>;
}): ExportDocument {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: options.now.toISOString(),
    user: { username: '', email: '', currency: '', timezone: options.timeZone },
    tables: options.tables,
  };
}
