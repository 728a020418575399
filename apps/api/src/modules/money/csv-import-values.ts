import {
  type CsvColumnMapping,
  type CsvDateFormat,
  MONEY_NAME_MAX_LENGTH,
  MONEY_NOTE_MAX_LENGTH,
  type MoneyTransactionType,
} from '@cairn/contracts/money';
import { format, isValid, parse } from 'date-fns';
import { DECIMAL_INTEGER_DIGITS, DECIMAL_SCALE, Exact } from '../../lib/decimal';

/** How a bank export's cells become a transaction: dates, amounts, notes and category names. */

export type CsvDecimalSeparator = '.' | ',';

/** A date-fns reference date: only used for parts a format leaves out, and every format has them all. */
const REFERENCE_DATE = new Date(2000, 0, 1);

/** The day a cell names in the given format, as YYYY-MM-DD; undefined for text that is not one (2024-02-30). */
export function parseImportDate(text: string, dateFormat: CsvDateFormat): string | undefined {
  const date = parse(text.trim(), dateFormat, REFERENCE_DATE);
  if (!isValid(date)) return undefined;
  const year = date.getFullYear();
  return year >= 1 && year <= 9999 ? format(date, 'yyyy-MM-dd') : undefined;
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type ParsedAmount = { amount: Exact; isNegative: boolean } | { error: string };

/**
 * An amount as banks write it: "1,234.56", "1.234,56 €", "-12,50", "12.50-", "(12.00)", "EUR 3",
 * "1 234,56" (spaces, no-break spaces, currency symbols and codes around it are ignored). The
 * decimal separator is the user's choice; the other one may group thousands. At most six decimals
 * and fourteen digits before the point, as every amount.
 */
export function parseImportAmount(text: string, decimalSeparator: CsvDecimalSeparator): ParsedAmount {
  let value = text
    .replace(/\s+/g, '')
    .replace(/\p{Sc}/gu, '')
    .replace(/\p{L}{2,}\.?/gu, '')
    .replace(/^\p{L}\.?|\p{L}$/gu, '');
  let isNegative = false;
  const bracketed = /^\((.*)\)$/.exec(value);
  if (bracketed) {
    isNegative = true;
    value = bracketed[1] ?? '';
  }
  const leadingSign = /^[-\u2212+]/.exec(value)?.[0];
  const trailingSign = leadingSign ? undefined : /[-\u2212+]$/.exec(value)?.[0];
  if (leadingSign) value = value.slice(1);
  if (trailingSign) value = value.slice(0, -1);
  if ((leadingSign ?? trailingSign ?? '+') !== '+') isNegative = true;

  const decimal = escapeForPattern(decimalSeparator);
  const grouping = `[${escapeForPattern(decimalSeparator === '.' ? ',' : '.')}'\u2019]`;
  const isPlain = new RegExp(`^(\\d+(${decimal}\\d+)?|${decimal}\\d+)$`).test(value);
  const isGrouped = new RegExp(`^\\d{1,3}(${grouping}\\d{3})+(${decimal}\\d+)?$`).test(value);
  if (!isPlain && !isGrouped) {
    return { error: `"${text.trim()}" is not an amount with "${decimalSeparator}" as the decimal separator` };
  }
  const normalized = value.replace(new RegExp(grouping, 'g'), '').replace(decimalSeparator, '.');
  const amount = new Exact(normalized.startsWith('.') ? `0${normalized}` : normalized);
  if (amount.decimalPlaces() > DECIMAL_SCALE) {
    return { error: `"${text.trim()}" has more than ${DECIMAL_SCALE} decimals` };
  }
  if (amount.gte(new Exact(10).pow(DECIMAL_INTEGER_DIGITS))) {
    return { error: `"${text.trim()}" is too large an amount` };
  }
  return { amount, isNegative };
}

/** A category cell: "Food" names a category, "Food: Groceries" a sub-category of it. */
export type ImportCategoryName = { name: string; subName: string | null };

export function parseCategoryName(text: string): ImportCategoryName | null {
  const [first = '', ...rest] = text.split(':');
  const name = first.trim();
  const subName = rest.join(':').trim() || null;
  if (!name) return subName ? { name: subName, subName: null } : null;
  return { name, subName };
}

export const formatCategoryName = (category: ImportCategoryName) =>
  category.subName ? `${category.name}: ${category.subName}` : category.name;

/** A row of the file read as a transaction; amount is positive, the type says which way it went. */
export type ImportedTransaction = {
  date: string;
  type: MoneyTransactionType;
  amount: string;
  note: string;
  category: ImportCategoryName | null;
};

export type ImportRowResult = { transaction: ImportedTransaction } | { error: string };

type ReadOptions = {
  mapping: CsvColumnMapping;
  dateFormat: CsvDateFormat;
  decimalSeparator: CsvDecimalSeparator;
};

/** An amount column's value: negative is money out (expense), positive money in, zero is no transaction. */
function readSignedAmount(
  text: string,
  decimalSeparator: CsvDecimalSeparator,
): { type: MoneyTransactionType; amount: Exact } | { error: string } {
  if (!text) return { error: 'The amount is empty' };
  const parsed = parseImportAmount(text, decimalSeparator);
  if ('error' in parsed) return parsed;
  if (parsed.amount.isZero()) return { error: 'The amount is 0' };
  return { type: parsed.isNegative ? 'expense' : 'income', amount: parsed.amount };
}

/** Debit and credit columns: whichever holds a (non-zero) value says the direction; its sign does not. */
function readDebitCredit(
  debitText: string,
  creditText: string,
  decimalSeparator: CsvDecimalSeparator,
): { type: MoneyTransactionType; amount: Exact } | { error: string } {
  const sides: { type: MoneyTransactionType; amount: Exact }[] = [];
  for (const [type, text] of [
    ['expense', debitText],
    ['income', creditText],
  ] as const) {
    if (!text) continue;
    const parsed = parseImportAmount(text, decimalSeparator);
    if ('error' in parsed) return parsed;
    if (!parsed.amount.isZero()) sides.push({ type, amount: parsed.amount });
  }
  const [side, other] = sides;
  if (!side) return { error: 'Neither the debit nor the credit column holds an amount' };
  if (other) return { error: 'Both the debit and the credit column hold an amount' };
  return side;
}

/** Reads one row by the mapping; a row that cannot become a transaction says why. */
export function readImportRow(cells: readonly string[], options: ReadOptions): ImportRowResult {
  const { mapping, decimalSeparator } = options;
  const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? '').trim());
  const dateText = cell(mapping.date);
  if (!dateText) return { error: 'The date is empty' };
  const date = parseImportDate(dateText, options.dateFormat);
  if (!date) return { error: `"${dateText}" is not a date in the format ${options.dateFormat}` };

  const isOneColumn = mapping.amount !== undefined || mapping.debit === mapping.credit;
  const value = isOneColumn
    ? readSignedAmount(cell(mapping.amount ?? mapping.debit), decimalSeparator)
    : readDebitCredit(cell(mapping.debit), cell(mapping.credit), decimalSeparator);
  if ('error' in value) return value;

  const note = cell(mapping.note);
  if (note.length > MONEY_NOTE_MAX_LENGTH) {
    return { error: `The note is longer than ${MONEY_NOTE_MAX_LENGTH} characters` };
  }
  const category = parseCategoryName(cell(mapping.category));
  if (category && Math.max(category.name.length, category.subName?.length ?? 0) > MONEY_NAME_MAX_LENGTH) {
    return { error: `A category name is longer than ${MONEY_NAME_MAX_LENGTH} characters` };
  }
  return {
    transaction: { date, type: value.type, amount: value.amount.toFixed(), note, category },
  };
}

/** What makes two transactions the same for an import: day, direction, amount, note (case and spaces aside). */
export function duplicateKey(transaction: {
  date: string;
  type: string;
  amount: string;
  note: string;
}): string {
  return JSON.stringify([
    transaction.date,
    transaction.type,
    new Exact(transaction.amount).toFixed(),
    transaction.note.trim().toLowerCase(),
  ]);
}

/**
 * Which rows repeat an existing transaction. Each existing transaction accounts for one row at most:
 * two identical coffees in the file against one already booked make one duplicate and one new row.
 */
export function findDuplicates(
  rows: readonly (ImportedTransaction | undefined)[],
  existing: readonly { date: string; type: string; amount: string; note: string }[],
): boolean[] {
  const remaining = new Map<string, number>();
  for (const transaction of existing) {
    const key = duplicateKey(transaction);
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  return rows.map((row) => {
    if (!row) return false;
    const key = duplicateKey(row);
    const count = remaining.get(key) ?? 0;
    if (count === 0) return false;
    remaining.set(key, count - 1);
    return true;
  });
}
