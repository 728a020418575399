import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client';
import { inBatches } from '../../lib/batches';
import { columns } from '../columns/columns.table';
import { currencies } from '../currencies/currencies.table';
import { taskManagerConfigs } from '../task-manager-config/task-manager-config.table';
import { trackers } from '../trackers/trackers.table';
import { users } from '../users/users.table';
import { worklogTimers } from '../worklogs/worklogs.table';
import { type ExportTable, exportTables } from './export-tables';

/**
 * Reads and writes across every registered table. Each query names the user: the registry's tables
 * all carry user_id. Currencies are shared reference data, looked up by id or code.
 */

const READ_BATCH_SIZE = 1000;

type Row = Record<string, unknown>;

const userIdOf = (table: ExportTable) => (table.table as unknown as { userId: PgColumn }).userId;

export async function findExportUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      username: users.username,
      email: users.email,
      currency: users.currency,
      timezone: users.timezone,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** How many rows the user has in each registered table, in one statement. */
export async function countRowsPerTable(db: Db, userId: string): Promise<Map<string, number>> {
  const selects = exportTables.map(
    (table) =>
      sql`(select count(*) from ${table.table} where ${userIdOf(table)} = ${userId})::text as ${sql.identifier(table.name)}`,
  );
  const [row] = await queryRows<Record<string, string>>(db, sql`select ${sql.join(selects, sql`, `)}`);
  return new Map(exportTables.map((table) => [table.name, Number(row?.[table.name] ?? 0)]));
}

/**
 * The user's rows of one table, a batch at a time in key order: each batch starts after the last
 * key of the one before, so no batch re-reads what came earlier however big the table.
 */
export async function* readRowsInBatches(db: Db, options: { table: ExportTable; userId: string }) {
  const { table, userId } = options;
  const keyColumns = table.keyColumns.map((property) => table.columns[property] as PgColumn);
  let after: unknown[] | undefined;
  for (;;) {
    const conditions: SQL[] = [eq(userIdOf(table), userId)];
    if (after && keyColumns.length > 0) {
      conditions.push(
        sql`(${sql.join(keyColumns, sql`, `)}) > (${sql.join(
          after.map((value, index) => sql`${value}::${sql.raw(keyColumns[index]?.getSQLType() ?? 'text')}`),
          sql`, `,
        )})`,
      );
    }
    const rows = (await db
      .select(selectionOf(table))
      .from(table.table)
      .where(and(...conditions))
      .orderBy(...keyColumns.map((column) => asc(column)))
      .limit(READ_BATCH_SIZE)) as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < READ_BATCH_SIZE || keyColumns.length === 0) return;
    const last = rows[rows.length - 1] as Row;
    after = table.keyColumns.map((property) => last[property]);
  }
}

/**
 * The columns as the document holds them: instants as ISO text with all six decimals of their
 * seconds (a JavaScript Date would keep three), the rest as Drizzle reads them.
 */
function selectionOf(table: ExportTable): Record<string, PgColumn | SQL> {
  return Object.fromEntries(
    Object.entries(table.columns).map(([property, column]) => [
      property,
      column.columnType === 'PgTimestamp'
        ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
        : column,
    ]),
  );
}

/** The row's instants as SQL casts of their text, exact to the microsecond. */
function withExactInstants(table: ExportTable, row: Row): Row {
  const values: Row = { ...row };
  for (const [property, column] of Object.entries(table.columns)) {
    const value = row[property];
    if (column.columnType === 'PgTimestamp' && typeof value === 'string')
      values[property] = sql`${value}::timestamptz`;
  }
  return values;
}

/** ISO codes of the given currency ids. */
export async function findCurrencyCodes(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.id, ids));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** This instance's currency ids by ISO code. */
export async function findCurrencyIdsByCode(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, codes));
  return new Map(rows.map((row) => [row.code, row.id]));
}

export async function findColumns(db: Db, userId: string) {
  return db
    .select({
      id: columns.id,
      name: columns.name,
      isDefault: columns.isDefault,
      isCompletion: columns.isCompletion,
    })
    .from(columns)
    .where(eq(columns.userId, userId));
}

export async function findSystemTrackers(db: Db, userId: string) {
  return db
    .select({
      id: trackers.id,
      systemSource: trackers.systemSource,
      systemSourceKey: trackers.systemSourceKey,
    })
    .from(trackers)
    .where(and(eq(trackers.userId, userId), isNotNull(trackers.systemSource)));
}

export async function hasTaskSettings(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: taskManagerConfigs.userId })
    .from(taskManagerConfigs)
    .where(eq(taskManagerConfigs.userId, userId));
  return rows.length > 0;
}

export async function hasRunningTimer(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: worklogTimers.userId })
    .from(worklogTimers)
    .where(eq(worklogTimers.userId, userId));
  return rows.length > 0;
}

/** The lower-cased names the user already has in a table with a name column. */
export async function findNames(
  db: Db,
  options: { table: ExportTable; userId: string },
): Promise<Set<string>> {
  const { table, userId } = options;
  const name = table.columns.name;
  if (!name) return new Set();
  const rows = await db
    .select({ name: sql<string>`lower(${name})` })
    .from(table.table)
    .where(eq(userIdOf(table), userId));
  return new Set(rows.map((row) => row.name));
}

/** Inserts rows (each already holding userId) in statements of a bounded size. */
export async function insertRows(db: Db, options: { table: ExportTable; rows: Row[] }): Promise<void> {
  for (const batch of inBatches(options.rows)) {
    const values = batch.map((row) => withExactInstants(options.table, row));
    await db.insert(options.table.table).values(values as never[]);
  }
}

/** The task settings: one row per user, so the file's replace the account's. */
export async function replaceTaskSettings(db: Db, options: { table: ExportTable; row: Row }): Promise<void> {
  const row = withExactInstants(options.table, options.row);
  const { userId: _userId, ...changes } = row;
  await db
    .insert(taskManagerConfigs)
    .values(row as typeof taskManagerConfigs.$inferInsert)
    .onConflictDoUpdate({ target: taskManagerConfigs.userId, set: changes });
}
