import { Column, getTableColumns, is, type Query, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * A Drizzle query built once per database handle (the app's, or a transaction's) instead of on every
 * call: building the SQL text and its parameter list costs more than running a small query on the
 * embedded database. Values come in through `sql.placeholder(name)`; on PostgreSQL the name given
 * to `.prepare(name)` also makes each connection parse and plan it only once.
 */
export function preparedQuery<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** A flat selection's field (a column or an SQL expression, aliased or not) as Drizzle reads its values. */
function decoderOf(field: unknown): Decoder | undefined {
  // An SQL expression's decoder is internal to Drizzle (set by `.mapWith()`); its row mapping reads it too.
  const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;
  const decoder: Decoder | undefined = is(field, Column)
    ? field
    : is(field, SQL)
      ? decoderOfSql(field)
      : is(field, SQL.Aliased)
        ? decoderOfSql(field.sql)
        : undefined;
  if (!decoder) throw new Error('rowMapper reads columns and SQL expressions only');
  // Columns that keep the driver's value (text, uuid, integers, jsonb…) need no call per value.
  const map = decoder.mapFromDriverValue;
  return map === keepValue || map === Column.prototype.mapFromDriverValue ? undefined : decoder;
}
const keepValue = (sql`` as unknown as { decoder: Decoder }).decoder.mapFromDriverValue;

/**
 * What Drizzle does to each row of a flat selection (each field under its key, through its column's
 * decoder), with the decoders looked up once instead of for every value of every row: the difference
 * shows on pages of a few hundred rows and more. Rows come in array mode, in the selection's order.
 */
export function rowMapper<Row>(selection: Record<string, unknown>): (rows: unknown[][]) => Row[] {
  const keys = Object.keys(selection);
  const decoders = keys.map((key) => decoderOf(selection[key]));
  return (rows) =>
    rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index += 1) {
        const value = values[index];
        const decoder = decoders[index];
        row[keys[index] as string] = value === null || !decoder ? value : decoder.mapFromDriverValue(value);
      }
      return row as Row;
    });
}

/**
 * Runs a statement built elsewhere (Drizzle's `toSQL()`, kept or assembled) on any handle, its rows
 * mapped as `rowMapper` maps them; `values` fill its `sql.placeholder`s.
 */
export function runQuery<Row>(
  db: Db,
  query: Query,
  mapRows: (rows: unknown[][]) => Row[],
  values?: Record<string, unknown>,
): Promise<Row[]> {
  const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
    query,
    undefined,
    undefined,
    true,
    mapRows as (rows: unknown[][]) => Row[],
  );
  return prepared.execute(values);
}

/** What reusableSelect needs of a Drizzle select: its statement and what it selects. */
type BuiltSelect = { toSQL(): Query; _: { selectedFields: Record<string, unknown> } };

/**
 * A select built once for the whole process and run on any handle, a transaction's included (which
 * preparedQuery cannot reuse across): for the small reads that every write runs inside its transaction.
 * Values come in through `sql.placeholder(name)`. For flat selections of one table (no joins, no
 * nested objects): each selected field is mapped under its key.
 */
export function reusableSelect<Row>(build: (db: Db) => BuiltSelect) {
  let built: { query: Query; mapRows: (rows: unknown[][]) => Row[] } | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    if (!built) {
      const select = build(db);
      built = { query: select.toSQL(), mapRows: rowMapper<Row>(select._.selectedFields) };
    }
    return runQuery(db, built.query, built.mapRows, values);
  };
}

/** Each caller inserts a few shapes of row; the bound keeps a caller with changing shapes in check. */
const MAX_INSERT_SHAPES = 64;

/**
 * `db.insert(table).values(row).returning()`, with the statement built once per shape of row (which
 * columns are given, which are null) and reused in any transaction: building a wide insert costs more
 * than running it. Defaults Drizzle computes in JavaScript (`$defaultFn`) are computed on every call.
 */
export function insertReturning<Table extends PgTable>(table: Table) {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  // What `.returning()` maps each row with: every column under its key, in the table's order.
  const fields = Object.entries(columns).map(([key, column]) => ({ path: [key], field: column }));
  const computed = Object.entries(columns).filter(
    ([, column]) =>
      column.defaultFn !== undefined || (column.default === undefined && column.onUpdateFn !== undefined),
  );
  const statements = new Map<string, Query>();
  return async (db: Db, values: PgInsertValue<Table>): Promise<Table['$inferSelect'][]> => {
    const row: Record<string, unknown> = { ...values };
    for (const [key, column] of computed) {
      if (row[key] === undefined) row[key] = column.defaultFn ? column.defaultFn() : column.onUpdateFn?.();
    }
    const keys = Object.keys(row).filter((key) => row[key] !== undefined && key in columns);
    // SQL values (now(), a subquery) are part of the text, not parameters: those rows take Drizzle's path.
    if (keys.some((key) => is(row[key], SQL))) {
      return (await db.insert(table).values(values).returning()) as Table['$inferSelect'][];
    }
    const shape = keys.map((key) => (row[key] === null ? `${key}:null` : key)).join(',');
    let query = statements.get(shape);
    if (!query) {
      const placeholders = Object.fromEntries(
        keys.map((key) => [key, row[key] === null ? null : sql.placeholder(key)]),
      );
      query = db
        .insert(table)
        .values(placeholders as PgInsertValue<Table>)
        .returning()
        .toSQL();
      if (statements.size < MAX_INSERT_SHAPES) statements.set(shape, query);
    }
    const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: Table['$inferSelect'][] }>(
      query,
      fields,
      undefined,
      true,
    );
    return prepared.execute(row);
  };
}
