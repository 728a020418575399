import type { CsvColumnMapping, CsvDateFormat } from '@cairn/contracts/money';
import { describe, expect, it } from 'vitest';
import {
  type CsvDecimalSeparator,
  findDuplicates,
  type ImportedTransaction,
  parseCategoryName,
  parseImportAmount,
  parseImportDate,
  readImportRow,
} from './csv-import-values';

describe('parseImportDate', () => {
  it.each<[string, CsvDateFormat, string | undefined]>([
    ['2024-02-29', 'yyyy-MM-dd', '2024-02-29'],
    ['2024-02-30', 'yyyy-MM-dd', undefined],
    ['2023-02-29', 'yyyy-MM-dd', undefined],
    ['31.12.2024', 'dd.MM.yyyy', '2024-12-31'],
    ['31/12/2024', 'dd/MM/yyyy', '2024-12-31'],
    ['12/31/2024', 'MM/dd/yyyy', '2024-12-31'],
    ['31/12/2024', 'MM/dd/yyyy', undefined],
    ['1.2.2024', 'd.M.yyyy', '2024-02-01'],
    ['2/1/2024', 'M/d/yyyy', '2024-02-01'],
    ['20240105', 'yyyyMMdd', '2024-01-05'],
    [' 2024-01-05 ', 'yyyy-MM-dd', '2024-01-05'],
    ['2024-01-05 10:00', 'yyyy-MM-dd', undefined],
    ['05.01.2024', 'yyyy-MM-dd', undefined],
    ['0000-01-05', 'yyyy-MM-dd', undefined],
    ['soon', 'yyyy-MM-dd', undefined],
  ])('%j in %s → %s', (text, format, expected) => {
    expect(parseImportDate(text, format)).toBe(expected);
  });
});

describe('parseImportAmount', () => {
  it.each<[string, CsvDecimalSeparator, string, boolean]>([
    ['12.50', '.', '12.5', false],
    ['-12.50', '.', '12.5', true],
    ['1,234.56', '.', '1234.56', false],
    ['1,234,567.5', '.', '1234567.5', false],
    ['-12,50', ',', '12.5', true],
    ['1.234,56', ',', '1234.56', false],
    ['1 234,56', ',', '1234.56', false],
    ['1\u00a0234,56 €', ',', '1234.56', false],
    ['1\u202f234,56', ',', '1234.56', false],
    ["1'234.50", '.', '1234.5', false],
    ['(12.00)', '.', '12', true],
    ['$(12.00)', '.', '12', true],
    ['12,50-', ',', '12.5', true],
    ['+7', '.', '7', false],
    ['\u22123.5', '.', '3.5', true],
    ['EUR -3.10', '.', '3.1', true],
    ['-€3.10', '.', '3.1', true],
    ['PLN 10,5', ',', '10.5', false],
    ['10,5 zł', ',', '10.5', false],
    ['.5', '.', '0.5', false],
    ['0.00', '.', '0', false],
    ['99999999999999.999999', '.', '99999999999999.999999', false],
  ])('%j with %j → %s (negative: %s)', (text, separator, amount, isNegative) => {
    const parsed = parseImportAmount(text, separator);
    if ('error' in parsed) throw new Error(parsed.error);
    expect([parsed.amount.toFixed(), parsed.isNegative]).toEqual([amount, isNegative]);
  });

  it.each<[string, CsvDecimalSeparator]>([
    ['12,50', '.'],
    ['1.234.56', '.'],
    ['1,23.4', '.'],
    ['1e5', '.'],
    ['abc', '.'],
    ['', '.'],
    ['--5', '.'],
    ['12.3456789', '.'],
    ['100000000000000', '.'],
    ['1.5.0', ','],
  ])('refuses %j with %j', (text, separator) => {
    expect(parseImportAmount(text, separator)).toHaveProperty('error');
  });
});

describe('parseCategoryName', () => {
  it.each([
    ['Food', { name: 'Food', subName: null }],
    ['Food: Groceries', { name: 'Food', subName: 'Groceries' }],
    [' Food :Groceries ', { name: 'Food', subName: 'Groceries' }],
    ['Travel: Trains: Night', { name: 'Travel', subName: 'Trains: Night' }],
    [': Orphan', { name: 'Orphan', subName: null }],
    ['', null],
  ])('%j', (text, expected) => {
    expect(parseCategoryName(text)).toEqual(expected);
  });
});

describe('readImportRow', () => {
  const options = (mapping: CsvColumnMapping) => ({
    mapping,
    dateFormat: 'dd.MM.yyyy' as const,
    decimalSeparator: ',' as const,
  });

  it('reads an amount column: negative is an expense, positive an income, zero no transaction', () => {
    const mapping = { date: 0, amount: 1, note: 2, category: 3 };
    expect(readImportRow(['05.01.2024', '-12,50', ' Coffee ', 'Food: Cafés'], options(mapping))).toEqual({
      transaction: {
        date: '2024-01-05',
        type: 'expense',
        amount: '12.5',
        note: 'Coffee',
        category: { name: 'Food', subName: 'Cafés' },
      },
    });
    expect(readImportRow(['05.01.2024', '1.000,00'], options(mapping))).toMatchObject({
      transaction: { type: 'income', amount: '1000', note: '', category: null },
    });
    expect(readImportRow(['05.01.2024', '0,00'], options(mapping))).toEqual({ error: 'The amount is 0' });
    expect(readImportRow(['30.02.2024', '1'], options(mapping))).toEqual({
      error: '"30.02.2024" is not a date in the format dd.MM.yyyy',
    });
    expect(readImportRow(['', '1'], options(mapping))).toEqual({ error: 'The date is empty' });
  });

  it('reads debit and credit columns by which one holds a value', () => {
    const mapping = { date: 0, debit: 1, credit: 2 };
    expect(readImportRow(['05.01.2024', '-12,50', ''], options(mapping))).toMatchObject({
      transaction: { type: 'expense', amount: '12.5' },
    });
    expect(readImportRow(['05.01.2024', '0,00', '30'], options(mapping))).toMatchObject({
      transaction: { type: 'income', amount: '30' },
    });
    expect(readImportRow(['05.01.2024', '', ''], options(mapping))).toHaveProperty('error');
    expect(readImportRow(['05.01.2024', '1', '2'], options(mapping))).toHaveProperty('error');
    expect(readImportRow(['05.01.2024', '5'], options({ date: 0, debit: 1 }))).toMatchObject({
      transaction: { type: 'expense', amount: '5' },
    });
  });
});

describe('findDuplicates', () => {
  const row = (amount: string, note = 'Coffee'): ImportedTransaction => ({
    date: '2024-01-05',
    type: 'expense',
    amount,
    note,
    category: null,
  });

  it('matches each existing transaction to one row at most, amounts by value and notes by text', () => {
    const existing = [
      { date: '2024-01-05', type: 'expense', amount: '3.500000', note: '  coffee ' },
      { date: '2024-01-05', type: 'income', amount: '3.5', note: 'Coffee' },
    ];
    expect(findDuplicates([row('3.5'), row('3.50'), undefined, row('3.5', 'Tea')], existing)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
