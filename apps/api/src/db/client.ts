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
import { createStatementNamer } from '../lib/statement-names';
import { setDrizzleParsersOnce } from './pglite-parsers';
import * as schema from './schema';

export type Schema = typeof schema;

/** The query builder of either driver, or a transaction of it: services never care which. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

/** Where the database reports trouble that no request is waiting for (the app's logger fits). */
export type DatabaseLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

export type Database = {
  db: Db;
  driver: DatabaseDriver;
  /** Applies every pending migration; the same SQL files serve both drivers. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Until the app's logger exists, trouble goes to the console. */
  setLog(log: DatabaseLog): void;
  /** Only the embedded database can be snapshotted from inside the process. */
  pglite: PGlite | undefined;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Held while migrating PostgreSQL, so processes starting together on one database migrate one after
 * another: the later ones find the work done instead of failing on a type or table made meanwhile.
 */
const MIGRATION_LOCK_KEY = 0x636169726e; // "cairn"

/** How long a request waits for a connection before it answers 503 instead of hanging. */
export const CONNECTION_TIMEOUT_MS = 2500;

const consoleLog: DatabaseLog = {
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.info(message, details),
};

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    // Notices a server that vanished without closing its connections (a network cut, a dead host).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  let log = consoleLog;
  // One warning per outage, not one per connection or request; the pool reconnects by itself.
  let isReachable = true;
  const onConnectionError = (error: Error & { code?: unknown }) => {
    if (!isReachable) return;
    isReachable = false;
    // Only the driver's code and text: a connection error carries no query, so no parameters leak.
    log.warn(
      { code: typeof error.code === 'string' ? error.code : undefined, reason: error.message },
      'lost the connection to the database; requests answer 503 until it is back',
    );
  };
  // Without a listener an 'error' event ends the process: PostgreSQL restarting would take Cairn down.
  pool.on('error', onConnectionError);
  const nameStatement = createStatementNamer();
  pool.on('connect', (client) => {
    // A checked-out client has no listener of the pool's; its connection can die between two queries.
    client.on('error', onConnectionError);
    // The pool's own query() runs on these clients too, so every statement passes through here.
    const query = client.query;
    client.query = function (this: pg.PoolClient, config: unknown, values?: unknown, ...rest: unknown[]) {
      return (query as (...args: unknown[]) => unknown).call(
        this,
        nameStatement(config, values),
        values,
        ...rest,
      );
    } as typeof query;
    if (!isReachable) {
      isReachable = true;
      log.info({}, 'the database is reachable again');
    }
  });
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db: db satisfies Db,
    driver: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
      } finally {
        const isUnlocked = await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).then(
          () => true,
          () => false,
        );
        // A connection that could not unlock is closed instead of pooled: ending its session frees the lock.
        client.release(!isUnlocked);
      }
    },
    close: () => pool.end(),
    setLog(next) {
      log = next;
    },
    pglite: undefined,
  };
}

export function wrapPglite(client: PGlite): Database {
  setDrizzleParsersOnce(client);
  const db = drizzlePglite({ client, schema });
  return {
    db: db satisfies Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    // The embedded database lives in this process: it cannot go away on its own.
    setLog() {},
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
