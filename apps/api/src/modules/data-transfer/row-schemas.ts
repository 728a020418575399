import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ExportTable } from './export-tables';

/**
 * A zod schema per table, built from the Drizzle columns, that checks a document row and turns it
 * into the values an insert takes. Ids may be any short text: they only name
 * rows inside the document, and an import replaces every one of them.
 */

const INT32 = 2 ** 31 - 1;
const ID_MAX_LENGTH = 200;

// PostgreSQL text cannot hold a NUL character; refused here so the database never sees it.
const text = () => z.string().refine((value) => !value.includes('\u0000'), 'Contains a NUL character');

// Kept as text to the insert (cast there), so the microseconds PostgreSQL stores survive the trip.
const instant = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}, 'Out of the supported years');

const calendarDay = z.iso.date();

const decimal = z.string().regex(/^-?\d{1,14}(\.\d{1,6})?$/, 'Expected a decimal string');

function columnSchema(column: PgColumn): z.ZodType {
  switch (column.columnType) {
    case 'PgUUID':
      return text().min(1).max(ID_MAX_LENGTH);
    case 'PgText':
    case 'PgEnumColumn': {
      const values = column.enumValues;
      return values && values.length > 0 ? z.enum(values as [string, ...string[]]) : text();
    }
    case 'PgInteger':
      return z.number().int().min(-INT32).max(INT32);
    case 'PgBigInt53':
      return z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
    case 'PgBoolean':
      return z.boolean();
    case 'PgNumeric':
      return decimal;
    case 'PgDateString':
      return calendarDay;
    case 'PgTimestamp':
      return instant;
    case 'PgJsonb':
      return z
        .json()
        .refine((value) => !JSON.stringify(value).includes('\\u0000'), 'Contains a NUL character');
    default:
      throw new Error(`no document schema for column type ${column.columnType}`);
  }
}

export type RowSchema = z.ZodType<Record<string, unknown>>;

const cache = new Map<string, RowSchema>();

/** The schema of one table's rows: known columns only, required where the database has no default. */
export function rowSchemaOf(table: ExportTable): RowSchema {
  const known = cache.get(table.name);
  if (known) return known;
  const shape: Record<string, z.ZodType> = {};
  for (const [property, column] of Object.entries(table.columns)) {
    let schema = columnSchema(column);
    if (!column.notNull) schema = schema.nullable();
    // A row's key is what other rows refer to it by: always given, whatever the database's default.
    const isKey = table.keyColumns.includes(property);
    if (!isKey && (!column.notNull || column.hasDefault)) schema = schema.optional();
    shape[property] = schema;
  }
  // Generated columns are the database's to compute: accepted (an older export may hold them), never written.
  for (const property of table.generatedColumns) shape[property] = z.unknown().optional();
  const schema = z.strictObject(shape).transform((row) => {
    const values: Record<string, unknown> = {};
    for (const [property, value] of Object.entries(row)) {
      if (value !== undefined && !table.generatedColumns.includes(property)) values[property] = value;
    }
    return values;
  }) as unknown as RowSchema;
  cache.set(table.name, schema);
  return schema;
}
