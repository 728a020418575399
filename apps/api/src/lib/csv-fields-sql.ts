import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The rules of csv-cells.ts as SQL, for exports large enough that writing each record in JavaScript
 * costs more than reading it: the database writes whole records, and the server only passes the text
 * on. csv-fields-sql.test.ts holds both halves to the same output on both databases. The tests are
 * plain string functions rather than regular expressions, which cost several times as much on every
 * text field of every record.
 */

type Text = SQL | PgColumn;

const LINE_FEED = sql.raw(String.raw`E'\n'`);
const CARRIAGE_RETURN = sql.raw(String.raw`E'\r'`);

/** toSafeCell's test, by the first character's code: =, +, -, @, tab or carriage return. */
const startsFormula = (value: Text) => sql`ascii(${value}) in (61, 43, 45, 64, 9, 13)`;

/** toCsvField's test: a comma, quote or line break means the field is quoted. */
const needsQuotes = (value: Text) =>
  sql`(strpos(${value}, ',') > 0 or strpos(${value}, '"') > 0 or strpos(${value}, ${LINE_FEED}) > 0 or strpos(${value}, ${CARRIAGE_RETURN}) > 0)`;

/**
 * A text value as a CSV field: empty for null, an apostrophe before a formula's first character,
 * quoted with its quotes doubled when it holds a comma, quote or line break. The apostrophe adds
 * nothing that needs quoting, so the quoting test reads the value as it is.
 */
export function csvTextField(value: Text): SQL<string> {
  const guarded = sql`case when ${startsFormula(value)} then '''' || ${value} else ${value} end`;
  return sql<string>`coalesce(case when ${needsQuotes(value)} then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end, '')`;
}

/**
 * A number or date the database writes itself, already text ("-12.5", "2026-03-04"): as it is, empty
 * for null. Nothing in it to guard or quote, as with csv-cells' CsvNumber.
 */
export function csvPlainField(text: Text): SQL<string> {
  return sql<string>`coalesce(${text}, '')`;
}

/**
 * Fields joined into one record, ended by CRLF as RFC 4180 asks. concat_ws writes the record in one
 * pass; it would skip a null, but every field above is text, never null.
 */
export function csvRecord(fields: SQL[]): SQL<string> {
  return sql<string>`concat_ws(',', ${sql.join(fields, sql`, `)}) || ${CARRIAGE_RETURN} || ${LINE_FEED}`;
}
