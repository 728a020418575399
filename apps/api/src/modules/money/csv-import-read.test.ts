import { describe, expect, it } from 'vitest';
import { detectDelimiter, readCsv } from './csv-import-read';

describe('detectDelimiter', () => {
  it.each([
    ['Date,Amount,Note\n1;2;3;4', ','],
    ['Date;Amount;Note\n1,2', ';'],
    ['Date\tAmount\tNote', '\t'],
    ['Date|Amount|Note', '|'],
    ['"Smith, John";"Doe, Jane";x', ';'],
    ['\ufeff\n\nDate;Amount', ';'],
    ['"A\nB",C;D;E\n', ';'],
    ['Amount', ','],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('readCsv', () => {
  it('drops the BOM, keeps quoted separators, quotes and line breaks, and numbers records by line', () => {
    const text =
      '\ufeffDate;Note;;\r\n\r\n2024-01-01;"Rent; flat ""A""\r\nJanuary"\r\n2024-01-02; Coffee \r\n;;\r\n';
    expect(readCsv(text, { hasHeader: true, maxRows: 10 })).toEqual({
      delimiter: ';',
      columns: ['Date', 'Note', 'Column 3', 'Column 4'],
      records: [
        { line: 3, cells: ['2024-01-01', 'Rent; flat "A"\nJanuary'] },
        { line: 5, cells: ['2024-01-02', 'Coffee'] },
      ],
    });
  });

  it('names columns by number without a header and takes the delimiter it is told', () => {
    const table = readCsv('a|b,c\n1|2', { delimiter: '|', hasHeader: false, maxRows: 10 });
    expect(table.columns).toEqual(['Column 1', 'Column 2']);
    expect(table.records.map((record) => record.cells)).toEqual([
      ['a', 'b,c'],
      ['1', '2'],
    ]);
  });

  it('refuses more rows than allowed, and text that is not CSV', () => {
    expect(() => readCsv('h\n1\n2\n3', { hasHeader: true, maxRows: 2 })).toThrow(/at most 2/);
    expect(readCsv('h\n1\n2', { hasHeader: true, maxRows: 2 }).records).toHaveLength(2);
    expect(() => readCsv('a,"b\n1,2', { hasHeader: false, maxRows: 10 })).toThrow(/cannot be read as CSV/);
  });
});
