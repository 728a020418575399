import type { CsvDateFormat } from '@cairn/contracts/money';

/** Which column (0-based) holds what; '' for none. Kept as text, as the selects hold it. */
export interface ColumnChoice {
  date: string;
  /** One signed amount column, or separate debit (money out) and credit (money in) columns. */
  amountMode: 'amount' | 'debitCredit';
  amount: string;
  debit: string;
  credit: string;
  note: string;
  category: string;
}

export type DecimalSeparator = '.' | ',';

export interface MappingGuess {
  columns: ColumnChoice;
  dateFormat: CsvDateFormat;
  decimalSeparator: DecimalSeparator;
}

// Header names banks use, most telling first, in the languages of the usual exports (English,
// German, Polish, French, Spanish, Dutch). Matched against the whole name, lower-cased and trimmed.
const HEADER_NAMES = {
  date: [
    /^(date|datum|data|fecha)$/,
    /^(booking date|buchungstag|buchungsdatum|transaction date|data operacji|data transakcji|date opération|fecha operación)$/,
    /^(posted date|posting date|data księgowania|date de comptabilisation)$/,
    /(date|datum|data\b|fecha)/,
  ],
  amount: [
    /^(amount|betrag|kwota|montant|importe|bedrag)$/,
    /^(amount|betrag|kwota|montant|importe|bedrag)\b/,
    /^(umsatz|value|sum|total)$/,
    /(amount|betrag|kwota|montant|importe|bedrag)/,
  ],
  debit: [
    /^(debit|debet|soll|withdrawal|withdrawals|paid out|money out|outflow|ausgang|obciążenia)$/,
    /(debit|withdrawal|paid out|money out|outflow)/,
  ],
  credit: [
    /^(credit|haben|deposit|deposits|paid in|money in|inflow|eingang|uznania)$/,
    /(credit|deposit|paid in|money in|inflow)/,
  ],
  note: [
    /^(description|beschreibung|opis|libellé|descripción|omschrijving)$/,
    /^(payee|empfänger|beguenstigter\/zahlungspflichtiger|begünstigter\/zahlungspflichtiger|auftraggeber|counterparty|merchant|name|nazwa|kontrahent)$/,
    /^(memo|note|notes|verwendungszweck|tytuł|title|reference|details|narrative|concepto)$/,
    /(description|payee|memo|note|verwendungszweck|empfänger|tytuł|opis|details)/,
  ],
  category: [
    /^(category|kategorie|kategoria|categoría|catégorie|categorie)$/,
    /(category|kategorie|kategoria)/,
  ],
} as const;

type Role = keyof typeof HEADER_NAMES;

/** The best column for a role by its header name, skipping columns already taken. */
function findByName(columns: readonly string[], role: Role, taken: ReadonlySet<number>): number | undefined {
  const names = columns.map((column) => column.trim().toLowerCase());
  for (const pattern of HEADER_NAMES[role]) {
    const index = names.findIndex((name, column) => !taken.has(column) && pattern.test(name));
    if (index >= 0) return index;
  }
  return undefined;
}

const DATE_SHAPES: readonly { format: CsvDateFormat; pattern: RegExp }[] = [
  { format: 'yyyy-MM-dd', pattern: /^\d{4}-\d{2}-\d{2}([ T].*)?$/ },
  { format: 'yyyyMMdd', pattern: /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/ },
  { format: 'dd.MM.yyyy', pattern: /^\d{2}\.\d{2}\.\d{4}$/ },
  { format: 'd.M.yyyy', pattern: /^\d{1,2}\.\d{1,2}\.\d{4}$/ },
  { format: 'dd/MM/yyyy', pattern: /^\d{2}\/\d{2}\/\d{4}$/ },
  { format: 'M/d/yyyy', pattern: /^\d{1,2}\/\d{1,2}\/\d{4}$/ },
];

function isDateLike(value: string): boolean {
  const text = value.trim();
  return DATE_SHAPES.some(({ pattern }) => pattern.test(text));
}

/**
 * The date format the values are written in: the shape most of them have (a stray footer or a broken
 * row does not spoil the guess). Slashes are read day-first only when some first part is over 12,
 * and month-first when some second part is.
 */
export function guessDateFormat(values: readonly string[]): CsvDateFormat | undefined {
  const texts = values.map((value) => value.trim()).filter((text) => text !== '');
  let best: { format: CsvDateFormat; matching: string[] } | undefined;
  for (const { format, pattern } of DATE_SHAPES) {
    const matching = texts.filter((text) => pattern.test(text));
    if (matching.length > (best?.matching.length ?? 0)) best = { format, matching };
  }
  if (!best || best.matching.length * 2 < texts.length) return undefined;
  if (best.format !== 'dd/MM/yyyy' && best.format !== 'M/d/yyyy') return best.format;
  const parts = best.matching.map((text) => text.split('/').map(Number) as [number, number, number]);
  const isDayFirst = parts.some(([first]) => first > 12);
  const isMonthFirst = parts.some(([, second]) => second > 12);
  if (isDayFirst && !isMonthFirst) return 'dd/MM/yyyy';
  if (best.format === 'dd/MM/yyyy' && !isMonthFirst) return 'dd/MM/yyyy';
  return 'M/d/yyyy';
}

/** An amount cell without its currency, spaces and sign: "-1.234,56 €" → "1.234,56". */
function amountDigits(value: string): string {
  return value.replace(/[^\d.,]/g, '');
}

function isAmountLike(value: string): boolean {
  const text = value.trim();
  return /^[-+(]?\s*[^\d\s]{0,3}\s*[-+]?\d[\d.,' \u00a0]*\s*[^\d\s]{0,3}\)?$/.test(text) && /\d/.test(text);
}

/**
 * "." or ",": the separator followed by one or two digits at the end, or the later of the two when
 * both appear ("1.234,56"). Three digits after a lone separator group thousands and say nothing.
 */
export function guessDecimalSeparator(values: readonly string[]): DecimalSeparator | undefined {
  let points = 0;
  let commas = 0;
  for (const value of values) {
    const digits = amountDigits(value);
    const lastPoint = digits.lastIndexOf('.');
    const lastComma = digits.lastIndexOf(',');
    if (lastPoint >= 0 && lastComma >= 0) {
      if (lastComma > lastPoint) commas += 1;
      else points += 1;
    } else if (/\.\d{1,2}$/.test(digits)) points += 1;
    else if (/,\d{1,2}$/.test(digits)) commas += 1;
  }
  if (points === 0 && commas === 0) return undefined;
  return commas > points ? ',' : '.';
}

function columnValues(rows: readonly (readonly string[])[], column: number): string[] {
  return rows.map((cells) => cells[column] ?? '').filter((value) => value.trim() !== '');
}

const NONE = '';

/**
 * The mapping a file most likely needs, from its header names and the shapes of its first rows: the
 * date and amount (or debit and credit) columns, a note and a category, the date format and the
 * decimal separator. Whatever it cannot tell is left for the user ('' or the most common choice).
 */
export function guessMapping(columns: readonly string[], rows: readonly (readonly string[])[]): MappingGuess {
  const taken = new Set<number>();
  const take = (index: number | undefined) => {
    if (index !== undefined) taken.add(index);
    return index;
  };
  // Most of a column's values, so one broken row does not hide the column.
  const mostMatch = (column: number, test: (value: string) => boolean) => {
    const values = columnValues(rows, column);
    return values.length > 0 && values.filter(test).length * 5 >= values.length * 4;
  };

  const date = take(
    findByName(columns, 'date', taken) ?? columns.findIndex((_, column) => mostMatch(column, isDateLike)),
  );
  const amountByName = take(findByName(columns, 'amount', taken));
  const debit = amountByName === undefined ? take(findByName(columns, 'debit', taken)) : undefined;
  const credit = amountByName === undefined ? take(findByName(columns, 'credit', taken)) : undefined;
  const isDebitCredit = debit !== undefined || credit !== undefined;
  const amount =
    amountByName ??
    (isDebitCredit
      ? undefined
      : take(columns.findIndex((_, column) => !taken.has(column) && mostMatch(column, isAmountLike))));
  const note = take(findByName(columns, 'note', taken));
  const category = take(findByName(columns, 'category', taken));

  const text = (index: number | undefined) => (index === undefined || index < 0 ? NONE : String(index));
  const dateValues = date !== undefined && date >= 0 ? columnValues(rows, date) : [];
  const amountValues = [amount, debit, credit].flatMap((index) =>
    index !== undefined && index >= 0 ? columnValues(rows, index) : [],
  );
  return {
    columns: {
      date: text(date),
      amountMode: isDebitCredit ? 'debitCredit' : 'amount',
      amount: text(amount),
      debit: text(debit),
      credit: text(credit),
      note: text(note),
      category: text(category),
    },
    dateFormat: guessDateFormat(dateValues) ?? 'yyyy-MM-dd',
    decimalSeparator: guessDecimalSeparator(amountValues) ?? '.',
  };
}
