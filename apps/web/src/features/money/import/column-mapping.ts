import type { CsvColumnMapping } from '@cairn/contracts/money';
import type { ColumnChoice } from './guess-mapping';

export type ColumnChoiceErrors = Partial<Record<'date' | 'amount' | 'debit', string>>;

export type ColumnMappingResult =
  | { mapping: CsvColumnMapping; errors?: undefined }
  | { mapping?: undefined; errors: ColumnChoiceErrors };

const readIndex = (value: string) => (value === '' ? undefined : Number(value));

/**
 * The API's column mapping for the choices, or what is missing: a date, and an amount or at least one
 * of debit and credit. One column cannot be both the date and an amount.
 */
export function toColumnMapping(choice: ColumnChoice): ColumnMappingResult {
  const errors: ColumnChoiceErrors = {};
  const date = readIndex(choice.date);
  if (date === undefined) errors.date = 'Choose the column with the dates';
  const isSingle = choice.amountMode === 'amount';
  const amount = isSingle ? readIndex(choice.amount) : undefined;
  const debit = isSingle ? undefined : readIndex(choice.debit);
  const credit = isSingle ? undefined : readIndex(choice.credit);
  if (isSingle && amount === undefined) errors.amount = 'Choose the column with the amounts';
  if (!isSingle && debit === undefined && credit === undefined) {
    errors.debit = 'Choose a debit column, a credit column or both';
  }
  if (date !== undefined && [amount, debit, credit].includes(date)) {
    errors.date = 'The dates and the amounts must be in different columns';
  }
  if (date === undefined || Object.keys(errors).length > 0) return { errors };
  const note = readIndex(choice.note);
  const category = readIndex(choice.category);
  return {
    mapping: {
      date,
      ...(amount !== undefined && { amount }),
      ...(debit !== undefined && { debit }),
      ...(credit !== undefined && { credit }),
      ...(note !== undefined && { note }),
      ...(category !== undefined && { category }),
    },
  };
}

/** "48 new, 2 duplicates skipped" (and the invalid rows and new categories, when there are any). */
export function formatImportSummary(result: {
  created: number;
  duplicatesSkipped: number;
  invalidSkipped: number;
  categoriesCreated: number;
}): string {
  const parts = [
    `${result.created} new`,
    `${result.duplicatesSkipped} ${result.duplicatesSkipped === 1 ? 'duplicate' : 'duplicates'} skipped`,
  ];
  if (result.invalidSkipped > 0) {
    parts.push(`${result.invalidSkipped} invalid ${result.invalidSkipped === 1 ? 'row' : 'rows'} skipped`);
  }
  if (result.categoriesCreated > 0) {
    parts.push(
      `${result.categoriesCreated} ${result.categoriesCreated === 1 ? 'category' : 'categories'} created`,
    );
  }
  return parts.join(', ');
}
