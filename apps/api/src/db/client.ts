import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;

/** The query builder of either driver, or a transaction of it: services never care which. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  driver: DatabaseDriver;
  /** Applies every pending migration; the same SQL files serve both drivers. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Only the embedded database can be snapshotted from inside the process. */
  pglite: PGlite | undefined;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db: db satisfies Db,
    driver: 'postgres',
    migrate: () => migrateNodePostgres(db, { migrationsFolder }),
    close: () => pool.end(),
    pglite: undefined,
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db satisfies Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    pglite: client,
  };
}

/** The embedded database keeps its files in DATA_DIR/pgdata. */
export function pgliteDataPath(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

export async function openPglite(options: { dataDir: string } | { loadDataDir: Blob }): Promise<Database> {
  const client =
    'dataDir' in options
      ? await PGlite.create(pgliteDataPath(options.dataDir))
      : await PGlite.create({ loadDataDir: options.loadDataDir });
  return wrapPglite(client);
}

/** Runs raw SQL on either driver and returns its rows (both drivers answer with `rows`). */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows: Row[] };
  return result.rows;
}
