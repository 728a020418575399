import { getTableColumns, is, type Query, SQL, sql } from 'drizzle-orm';
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

/** What reusableSelect needs of a Drizzle select: its statement and what it selects. */
type BuiltSelect = { toSQL(): Query; _: { selectedFields: Record<string, unknown> } };

/**
 * A select built once for the whole process and run on any handle, a transaction's included (which
 * preparedQuery cannot reuse across): for the small reads that every write runs inside its transaction.
 * Values come in through `sql.placeholder(name)`. For flat selections of one table (no joins, no
 * nested objects): each selected field is mapped under its key.
 */
export function reusableSelect<Row>(build: (db: Db) => BuiltSelect) {
  let built: { query: Query; fields: { path: string[]; field: unknown }[] } | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    if (!built) {
      const select = build(db);
      built = {
        query: select.toSQL(),
        fields: Object.entries(select._.selectedFields).map(([key, field]) => ({ path: [key], field })),
      };
    }
    const prepared = db._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
      built.query,
      built.fields as Parameters<Db['_']['session']['prepareQuery']>[1],
      undefined,
      true,
    );
    return prepared.execute(values);
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
