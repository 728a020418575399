import { describe, expect, it } from 'vitest';
import { guessDateFormat, guessDecimalSeparator, guessMapping } from './guess-mapping';

describe('guessMapping', () => {
  it('reads an English export with one signed amount', () => {
    const guess = guessMapping(
      ['Date', 'Description', 'Amount', 'Balance'],
      [
        ['2026-03-01', 'Coffee', '-3.50', '996.50'],
        ['2026-03-02', 'Salary', '2500.00', '3496.50'],
      ],
    );
    expect(guess).toEqual({
      columns: {
        date: '0',
        amountMode: 'amount',
        amount: '2',
        debit: '',
        credit: '',
        note: '1',
        category: '',
      },
      dateFormat: 'yyyy-MM-dd',
      decimalSeparator: '.',
    });
  });

  it('reads a German export: Buchungstag, Betrag with decimal commas, Verwendungszweck', () => {
    const guess = guessMapping(
      ['Buchungstag', 'Valuta', 'Auftraggeber', 'Verwendungszweck', 'Betrag (€)', 'Kategorie'],
      [
        ['01.03.2026', '01.03.2026', 'Bäckerei', 'Brötchen', '-4,20', 'Essen'],
        ['15.03.2026', '15.03.2026', 'Arbeitgeber', 'Gehalt', '2.500,00', 'Einkommen'],
      ],
    );
    expect(guess.columns).toMatchObject({ date: '0', amount: '4', note: '2', category: '5' });
    expect(guess.dateFormat).toBe('dd.MM.yyyy');
    expect(guess.decimalSeparator).toBe(',');
  });

  it('reads a Polish export (Data operacji, Kwota, Opis)', () => {
    const guess = guessMapping(['Data operacji', 'Opis', 'Kwota'], [['5.3.2026', 'Zakupy', '-120,5']]);
    expect(guess.columns).toMatchObject({ date: '0', note: '1', amount: '2' });
    expect(guess.dateFormat).toBe('d.M.yyyy');
    expect(guess.decimalSeparator).toBe(',');
  });

  it('takes debit and credit columns when there is no amount', () => {
    const guess = guessMapping(
      ['Posted Date', 'Payee', 'Memo', 'Debit', 'Credit'],
      [
        ['03/14/2026', 'Grocer', 'Weekly shop', '54.10', ''],
        ['03/15/2026', 'Employer', 'Pay', '', '1,200.00'],
      ],
    );
    expect(guess.columns).toEqual({
      date: '0',
      amountMode: 'debitCredit',
      amount: '',
      debit: '3',
      credit: '4',
      note: '1',
      category: '',
    });
    expect(guess.dateFormat).toBe('M/d/yyyy');
    expect(guess.decimalSeparator).toBe('.');
  });

  it('finds the date and amount by their shapes when the file has no header', () => {
    const guess = guessMapping(
      ['Column 1', 'Column 2', 'Column 3'],
      [
        ['Rent', '20260301', '-950'],
        ['Refund', '20260302', '12.99'],
        ['Fee', '20260303', '-1'],
        ['Gift', '20260304', '50'],
        ['Closing balance', 'n/a', 'n/a'],
      ],
    );
    expect(guess.columns).toMatchObject({ date: '1', amountMode: 'amount', amount: '2', note: '' });
    expect(guess.dateFormat).toBe('yyyyMMdd');
  });
});

describe('guessDateFormat', () => {
  it('reads slashes day-first only when a day gives it away', () => {
    expect(guessDateFormat(['01/02/2026', '25/02/2026'])).toBe('dd/MM/yyyy');
    expect(guessDateFormat(['01/02/2026', '02/25/2026'])).toBe('M/d/yyyy');
    expect(guessDateFormat(['1/2/2026', '2/3/2026'])).toBe('M/d/yyyy');
  });

  it('goes by most values, so a broken row or a footer does not spoil the guess', () => {
    expect(guessDateFormat(['24.11.2026', '03.11.2026', '23.11.2026', 'kaputt'])).toBe('dd.MM.yyyy');
    // One day written without its leading zero makes the narrower format the one all of them fit.
    expect(guessDateFormat(['24.11.2026', '3.11.2026', 'kaputt'])).toBe('d.M.yyyy');
    expect(guessDateFormat(['4.11.2026', '3.11.2026', 'Total'])).toBe('d.M.yyyy');
    expect(guessDateFormat(['24.11.2026', 'Total', 'Balance'])).toBeUndefined();
  });

  it('gives up on values of no known shape', () => {
    expect(guessDateFormat(['March 3rd'])).toBeUndefined();
    expect(guessDateFormat([])).toBeUndefined();
  });
});

describe('guessDecimalSeparator', () => {
  it('tells thousands from decimals', () => {
    expect(guessDecimalSeparator(['1,234.56', '-3.5'])).toBe('.');
    expect(guessDecimalSeparator(['1.234,56 €', '-3,5'])).toBe(',');
    // Three digits after a lone separator are thousands: no evidence either way.
    expect(guessDecimalSeparator(['1,234', '12'])).toBeUndefined();
  });
});
