import { Readable } from 'node:stream';

/**
 * CSV downloads: RFC 4180 (fields with a comma, quote or line break quoted, quotes doubled, CRLF
 * after each record) with a UTF-8 byte order mark so spreadsheets read non-ASCII names right, and
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

/** A field with a comma, quote or line break is quoted, its quotes doubled; any other is written as is. */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

function toCsvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

function toCsvRecord(cells: readonly CsvCell[]): string {
  let record = '';
  for (let index = 0; index < cells.length; index += 1) {
    if (index > 0) record += ',';
    const cell = cells[index] ?? null;
    // A CsvNumber is digits, a sign and a point: nothing to guard or quote.
    record += cell === null || typeof cell === 'string' ? toCsvField(toCsvText(cell)) : cell.number;
  }
  return `${record}\r\n`;
}

/** Text gathered before it goes out: a few writes per file instead of one per record. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A CSV file as a stream: the header, then each row as the source yields it, so a large export never
 * sits in memory whole; rows are written into chunks of some 64 KB. A source of `records` yields CSV
 * text already written (whole records, each ended by CRLF, as csv-fields-sql writes them in the
 * database), passed on a piece at a time. A source that fails ends the stream with its error.
 */
export function createCsvStream(
  options: { header: readonly string[] } & (
    | { rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]> }
    | { records: AsyncIterable<string> }
  ),
): Readable {
  const { header } = options;
  async function* chunks() {
    // The byte order mark, so spreadsheets read the file as UTF-8.
    let chunk = `\ufeff${toCsvRecord(header.map(toSafeCell))}`;
    if ('records' in options) {
      for await (const records of options.records) {
        yield Buffer.from(chunk + records);
        chunk = '';
      }
    } else {
      for await (const row of options.rows) {
        chunk += toCsvRecord(row);
        if (chunk.length >= CHUNK_CHARS) {
          yield Buffer.from(chunk);
          chunk = '';
        }
      }
    }
    if (chunk !== '') yield Buffer.from(chunk);
  }
  return Readable.from(chunks(), { objectMode: false });
}
