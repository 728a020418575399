import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error';

/** The separators bank exports use; the first line tells which one a file has. */
export const csvDelimiters = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

const BYTE_ORDER_MARK = '\ufeff';

/**
 * The separator that occurs most often in the file's first line (outside quotes, so a quoted
 * "Smith, John" does not count); a comma when none does.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>();
  let isQuoted = false;
  let hasContent = false;
  for (const char of text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text) {
    if (char === '"') isQuoted = !isQuoted;
    else if (!isQuoted && (char === '\n' || char === '\r')) {
      if (hasContent) break;
      continue;
    } else if (!isQuoted) counts.set(char, (counts.get(char) ?? 0) + 1);
    hasContent = true;
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of csvDelimiters) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** One record of the file: its cells and the 1-based line it starts on. */
export type CsvRecord = { line: number; cells: string[] };

export type CsvTable = {
  delimiter: CsvDelimiter;
  /** The header's names, or "Column 1", "Column 2"… without one; as many as the widest record. */
  columns: string[];
  records: CsvRecord[];
};

type ParsedRecord = { record: string[]; raw: string; info: { lines: number } };

/** Line breaks inside a record's raw text, leaving out the blank lines before it and the break that ends it. */
function linesWithin(raw: string): number {
  return raw.replace(/^\n+/, '').replace(/\n$/, '').split('\n').length - 1;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads a CSV file with csv-parse: a byte order mark is dropped, quoted fields may hold separators,
 * quotes and line breaks (read as \n), blank lines are skipped, and records may differ in length. More than
 * `maxRows` records (after the header) is refused, as is text that is not CSV at all.
 */
export function readCsv(
  text: string,
  options: { delimiter?: CsvDelimiter | undefined; hasHeader: boolean; maxRows: number },
): CsvTable {
  const delimiter = options.delimiter ?? detectDelimiter(text);
  let parsed: ParsedRecord[];
  try {
    // One kind of line break, so csv-parse counts lines right (it miscounts CRLF inside quotes).
    parsed = parse(text.replace(/\r\n?/g, '\n'), {
      delimiter,
      bom: true,
      info: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError('VALIDATION_FAILED', `The file cannot be read as CSV: ${error.message}`);
    }
    throw error;
  }
  const records = parsed
    .map((entry) => ({ line: entry.info.lines - linesWithin(entry.raw), cells: entry.record }))
    .filter((record) => !isBlank(record.cells));
  const header = options.hasHeader ? records.shift() : undefined;
  if (records.length > options.maxRows) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The file has ${records.length} rows; at most ${options.maxRows} can be imported at once, so split it`,
    );
  }
  const width = records.reduce(
    (widest, record) => Math.max(widest, record.cells.length),
    header?.cells.length ?? 0,
  );
  const columns = Array.from({ length: width }, (_, index) => {
    const name = header?.cells[index]?.trim();
    return name ? name : `Column ${index + 1}`;
  });
  return { delimiter, columns, records };
}
