import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/client';
import { type CsvCell, createCsvStream, csvNumber } from '../src/lib/csv-cells';
import { csvPlainField, csvRecord, csvTextField } from '../src/lib/csv-fields-sql';
import { createTestDatabase } from './support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Text a spreadsheet could take for a formula, text to quote, and text that needs neither. */
const texts = [
  'plain',
  '',
  'with, comma',
  'with "quotes"',
  '"',
  'line\nbreak',
  'carriage\rreturn',
  'crlf\r\nend',
  '=SUM(A1:A9)',
  '+1',
  '-2+3',
  '@cmd',
  '\tTabbed',
  '\rReturn first',
  '=cmd|" /C calc"!A0',
  'a=b, not a formula',
  ' =leading space',
  'Łódź café 😀',
  "it's",
  '\\backslash',
];

/** The file csv-cells writes for these rows, after its header. */
async function writtenByNode(rows: CsvCell[][]): Promise<string> {
  const bytes = await buffer(createCsvStream({ header: ['h'], rows }));
  return bytes.toString('utf8').slice('\ufeffh\r\n'.length);
}

describe('CSV fields written by the database', () => {
  it('guard and quote text exactly as csv-cells does, and write null as an empty field', async () => {
    let written = '';
    for (const text of [...texts, null]) {
      const [row] = await queryRows<{ record: string }>(
        database.db,
        sql`select ${csvRecord([csvTextField(sql`${text}::text`)])} as record`,
      );
      written += row!.record;
    }
    expect(written).toBe(await writtenByNode([...texts, null].map((text) => [text])));
  });

  it('write numbers as they are, and join fields into records ended by CRLF', async () => {
    const [row] = await queryRows<{ record: string }>(
      database.db,
      sql`select ${csvRecord([
        csvPlainField(sql`(-12.5)::text`),
        csvTextField(sql`${'a,b'}::text`),
        csvPlainField(sql`null::text`),
        csvTextField(sql`${'-1'}::text`),
      ])} as record`,
    );
    expect(row!.record).toBe(await writtenByNode([[csvNumber('-12.5'), 'a,b', null, '-1']]));
    expect(row!.record).toBe(`-12.5,"a,b",,'-1\r\n`);
  });
});
