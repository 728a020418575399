import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';

/**
 * CSV downloads: RFC 4180 (fields with a comma, quote or line break quoted, quotes doubled, CRLF
 * between records) with a UTF-8 byte order mark so spreadsheets read non-ASCII names right, and
 * every text cell made safe to open in a spreadsheet.
 */

/** What a spreadsheet would start evaluating: =, +, -, @, and a tab or carriage return before them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet shows as the text it is: one that would start a formula (CSV injection)
 * gets a leading apostrophe, which spreadsheets take as "this is text" and do not display.
 */
export function toSafeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A number the server wrote itself ("-12.5"): written as it is, so a spreadsheet reads it as a number. */
export type CsvNumber = { number: string };
const DECIMAL = /^-?\d+(\.\d+)?$/;

export function csvNumber(value: string): CsvNumber {
  if (!DECIMAL.test(value)) throw new Error(`Not a decimal number: ${value}`);
  return { number: value };
}

/** An empty cell is null or ''. Text is always guarded; only a CsvNumber passes as it is. */
export type CsvCell = string | CsvNumber | null;

function toCsvText(cell: CsvCell): string {
  if (cell === null) return '';
  return typeof cell === 'string' ? toSafeCell(cell) : cell.number;
}

/**
 * A CSV file as a stream: the header, then each row as the source yields it, so a large export
 * never sits in memory whole. A source that fails ends the stream with its error.
 */
export function createCsvStream(options: {
  header: readonly string[];
  rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>;
}): Readable {
  const { header, rows } = options;
  async function* records() {
    yield header.map(toSafeCell);
    for await (const row of rows) yield row.map(toCsvText);
  }
  // csv-stringify quotes only the record delimiter (CRLF); a lone LF or CR inside a cell must be
  // quoted too, or strict readers (spreadsheets, Python's csv) split the row in two.
  const output = stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  // pipeline ends `output` with the error itself; the reader of `output` is the one told.
  pipeline(Readable.from(records()), output).catch(() => {});
  return output;
}
