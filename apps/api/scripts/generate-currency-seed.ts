/**
 * Writes the ISO 4217 seed migration from the currency-codes package (codes, numeric codes,
 * names, minor units) and Intl (symbols). Run again and commit a new migration when ISO changes
 * the list; ids are fixed inside the SQL so every database gets the same rows.
 */
import { writeFile } from 'node:fs/promises';
import currencyCodes from 'currency-codes';
import { v7 } from 'uuid';

function symbolOf(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

const rows = currencyCodes
  .codes()
  .map((code) => currencyCodes.code(code))
  .filter((entry) => entry !== undefined)
  .map(
    (entry) =>
      `(${quote(v7())}, ${quote(entry.currency)}, ${quote(entry.code)}, ${quote(entry.number)}, ${quote(symbolOf(entry.code))}, ${entry.digits})`,
  );

const sql = `-- ISO 4217 currencies; rate 1 everywhere until rates are fetched (USD is the base).
INSERT INTO "currencies" ("id", "name", "code", "numeric_code", "symbol", "minor_units") VALUES
${rows.join(',\n')}
ON CONFLICT ("code") DO NOTHING;
`;

const target = process.argv[2];
if (!target) throw new Error('usage: generate-currency-seed.ts <migration file>');
await writeFile(target, sql);
console.log(`wrote ${rows.length} currencies to ${target}`);
