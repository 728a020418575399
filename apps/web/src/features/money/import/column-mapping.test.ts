import { describe, expect, it } from 'vitest';
import { formatImportSummary, toColumnMapping } from './column-mapping';
import type { ColumnChoice } from './guess-mapping';

const choice = (change: Partial<ColumnChoice>): ColumnChoice => ({
  date: '0',
  amountMode: 'amount',
  amount: '2',
  debit: '',
  credit: '',
  note: '1',
  category: '',
  ...change,
});

describe('toColumnMapping', () => {
  it('maps the chosen columns, leaving out the ones not chosen', () => {
    expect(toColumnMapping(choice({}))).toEqual({ mapping: { date: 0, amount: 2, note: 1 } });
    expect(toColumnMapping(choice({ note: '', category: '4' }))).toEqual({
      mapping: { date: 0, amount: 2, category: 4 },
    });
  });

  it('sends debit and credit, not the amount, in that mode; one of them is enough', () => {
    expect(toColumnMapping(choice({ amountMode: 'debitCredit', debit: '3', credit: '4' }))).toEqual({
      mapping: { date: 0, debit: 3, credit: 4, note: 1 },
    });
    expect(toColumnMapping(choice({ amountMode: 'debitCredit', credit: '4' }))).toEqual({
      mapping: { date: 0, credit: 4, note: 1 },
    });
  });

  it('says what is missing', () => {
    expect(toColumnMapping(choice({ date: '', amount: '' }))).toEqual({
      errors: { date: 'Choose the column with the dates', amount: 'Choose the column with the amounts' },
    });
    expect(toColumnMapping(choice({ amountMode: 'debitCredit' }))).toEqual({
      errors: { debit: 'Choose a debit column, a credit column or both' },
    });
    expect(toColumnMapping(choice({ amount: '0' }))).toEqual({
      errors: { date: 'The dates and the amounts must be in different columns' },
    });
  });
});

describe('formatImportSummary', () => {
  it('says what was imported and skipped', () => {
    expect(
      formatImportSummary({ created: 48, duplicatesSkipped: 2, invalidSkipped: 0, categoriesCreated: 0 }),
    ).toBe('48 new, 2 duplicates skipped');
    expect(
      formatImportSummary({ created: 1, duplicatesSkipped: 1, invalidSkipped: 1, categoriesCreated: 1 }),
    ).toBe('1 new, 1 duplicate skipped, 1 invalid row skipped, 1 category created');
  });
});
