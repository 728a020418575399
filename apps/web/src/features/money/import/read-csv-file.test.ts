import { describe, expect, it } from 'vitest';
import { readCsvFile } from './read-csv-file';

function csvFile(parts: BlobPart[], name = 'export.csv') {
  return new File(parts, name, { type: 'text/csv' });
}

describe('readCsvFile', () => {
  it('reads UTF-8 text, without its byte order mark', async () => {
    const read = await readCsvFile(csvFile(['\uFEFFDate,Amount\n2026-03-01,-4.20 €\n']));
    expect(read).toEqual({ text: 'Date,Amount\n2026-03-01,-4.20 €\n' });
  });

  it('reads a Windows-1252 export, umlauts included', async () => {
    // "Bäckerei;-4,20" as Windows-1252 bytes (ä is 0xE4), which is not valid UTF-8.
    const bytes = new Uint8Array([
      0x42, 0xe4, 0x63, 0x6b, 0x65, 0x72, 0x65, 0x69, 0x3b, 0x2d, 0x34, 0x2c, 0x32, 0x30,
    ]);
    expect(await readCsvFile(csvFile([bytes]))).toEqual({ text: 'Bäckerei;-4,20' });
  });

  it('refuses a file over 5 MB with its size, before reading it', async () => {
    const read = await readCsvFile(csvFile([new Uint8Array(5_000_001).fill(0x41)], 'big.csv'));
    expect(read.error).toBe(
      '“big.csv” is 5.0 MB; files up to 5 MB can be imported. Split it into smaller files and import them one by one.',
    );
  });

  it('accepts a file of exactly 5 MB', async () => {
    const read = await readCsvFile(csvFile([new Uint8Array(5_000_000).fill(0x41)]));
    expect(read.text).toHaveLength(5_000_000);
  });

  it('refuses an empty file and one that is not text', async () => {
    expect((await readCsvFile(csvFile([' \n'], 'blank.csv'))).error).toBe('“blank.csv” is empty.');
    expect((await readCsvFile(csvFile([], 'none.csv'))).error).toBe('“none.csv” is empty.');
    expect(
      (await readCsvFile(csvFile([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])], 'a.xlsx'))).error,
    ).toBe('“a.xlsx” is not a text file. Export the CSV from your bank again.');
  });
});
