// What the API runs for one request, recorded from the driver, and a bare runner that replays it through
// the same driver: on `pg` each statement named or unnamed as the API's was (a named statement's plan is
// cached and may turn generic, an unnamed one is planned for its values every time), statements the API
// ran at once run at once on separate connections; the PGlite client with the same options, one at a time.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

export type Statement = {
  text: string;
  params: unknown[];
  /** pg: the query config as the driver got it (row mode, type parsers); PGlite: the query's options. */
  config?: Record<string, unknown>;
  /** PGlite: run inside `transaction()` (on pg, BEGIN and COMMIT are statements of their own). */
  inTransaction?: boolean;
  /** The rows the API read, to check that a replay reads the same. */
  rows?: unknown[];
  /** When the driver got the statement and when its answer came (performance.now(), ms). */
  started: number;
  ended?: number;
  /** pg: the driver got it with a name (a prepared statement the connection keeps). */
  named?: boolean;
  /** pg: the transaction it ran in, on its own connection (statements of one share a number). */
  session?: number;
};

export type QueryRunner = (statement: Statement, name: string) => Promise<unknown[]>;

export type Recorder = {
  /** Records every statement run while `work` runs (nothing else may query meanwhile). */
  record<T>(work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }>;
  /**
   * Replays statements as the API ran them: each one once those that had ended before it started have
   * ended, those of a transaction in one transaction on one connection.
   */
  replay(statements: Statement[], prefix: string): Promise<unknown[][]>;
  /** Any one statement, unprepared (EXPLAIN and the like). */
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

/**
 * Patches pg's client so every statement is recorded while `record` runs. Call it before the app's pool
 * opens its first connection.
 */
export function pgRecorder(connectionString: string): Recorder {
  let captured: Statement[] | undefined;
  // The transaction each connection is in while recording, from its BEGIN to its COMMIT or ROLLBACK.
  const sessions = new WeakMap<pg.Client, number>();
  let lastSession = 0;
  const originalQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (
    this: pg.Client,
    config: unknown,
    values?: unknown,
    ...rest: unknown[]
  ) {
    if (captured) {
      const object = typeof config === 'string' ? { text: config } : (config as Record<string, unknown>);
      const { name, ...kept } = object;
      const text = String(object.text);
      const params = (Array.isArray(values) ? values : (object.values as unknown[] | undefined)) ?? [];
      if (/^\s*begin\b/i.test(text)) {
        lastSession += 1;
        sessions.set(this, lastSession);
      }
      const statement: Statement = {
        text,
        params,
        config: kept,
        started: performance.now(),
        named: name !== undefined,
        session: sessions.get(this),
      };
      if (/^\s*(commit|rollback)\b/i.test(text)) sessions.delete(this);
      captured.push(statement);
      const done = (result?: { rows?: unknown[] }) => {
        statement.rows = result?.rows;
        statement.ended = performance.now();
      };
      // pg-pool hands a callback; the app's checked-out clients use the promise.
      const callbackAt = rest.findIndex((value) => typeof value === 'function');
      if (callbackAt >= 0) {
        const callback = rest[callbackAt] as (error: unknown, result?: { rows?: unknown[] }) => void;
        rest[callbackAt] = (error: unknown, result?: { rows?: unknown[] }) => {
          done(result);
          callback(error, result);
        };
      } else if (typeof values === 'function') {
        const callback = values as (error: unknown, result?: { rows?: unknown[] }) => void;
        values = (error: unknown, result?: { rows?: unknown[] }) => {
          done(result);
          callback(error, result);
        };
      }
      const returned = (originalQuery as (...args: unknown[]) => unknown).call(this, config, values, ...rest);
      if (returned instanceof Promise) {
        return returned.then((result: { rows?: unknown[] }) => {
          done(result);
          return result;
        });
      }
      return returned;
    }
    return (originalQuery as (...args: unknown[]) => unknown).call(this, config, values, ...rest);
  } as typeof originalQuery;

  // As many connections as the app's pool; a named statement is prepared once per connection.
  const pool = new pg.Pool({ connectionString, max: 10 });
  const run = async (client: pg.Pool | pg.PoolClient, statement: Statement, name: string) => {
    const config: Record<string, unknown> = { ...statement.config, text: statement.text };
    delete config.values;
    if (statement.named) config.name = name;
    const result = await client.query(
      config as never,
      statement.params.length ? statement.params : undefined,
    );
    return (result as { rows?: unknown[] }).rows ?? [];
  };
  return {
    async record(work) {
      captured = [];
      try {
        const result = await work();
        return { result, statements: captured };
      } finally {
        captured = undefined;
      }
    },
    async replay(statements, prefix) {
      // A transaction's connection, taken at its first statement and given back after its last.
      const clients = new Map<number, Promise<pg.PoolClient>>();
      const lastOf = new Map<number, number>();
      for (const [index, statement] of statements.entries()) {
        if (statement.session !== undefined) lastOf.set(statement.session, index);
      }
      const runs: Promise<unknown[]>[] = [];
      for (const [index, statement] of statements.entries()) {
        const before = statements
          .slice(0, index)
          .flatMap((earlier, at) =>
            earlier.ended !== undefined && earlier.ended <= statement.started ? [runs[at]!] : [],
          );
        runs.push(
          Promise.all(before).then(async () => {
            const name = `${prefix}_${index}`;
            const session = statement.session;
            if (session === undefined) return run(pool, statement, name);
            let client = clients.get(session);
            if (!client) {
              client = pool.connect();
              clients.set(session, client);
            }
            const connection = await client;
            try {
              return await run(connection, statement, name);
            } finally {
              if (lastOf.get(session) === index) connection.release();
            }
          }),
        );
      }
      return Promise.all(runs);
    },
    async query(text, params = []) {
      return (await pool.query(text, params)).rows;
    },
    close: () => pool.end(),
  };
}

/** Patches the PGlite client's `query` and `transaction` so every statement is recorded while `record` runs. */
export function pgliteRecorder(pglite: PGlite): Recorder {
  let captured: Statement[] | undefined;
  const originalQuery = pglite.query.bind(pglite);
  const originalTransaction = pglite.transaction.bind(pglite);
  const capture = (
    query: typeof originalQuery,
    text: string,
    params: unknown[] | undefined,
    options: object | undefined,
    inTransaction: boolean,
  ) => {
    if (!captured) return query(text, params, options);
    const statement: Statement = {
      text,
      params: params ?? [],
      config: options as Record<string, unknown> | undefined,
      inTransaction,
      started: performance.now(),
    };
    captured.push(statement);
    return query(text, params, options).then((result) => {
      statement.rows = result.rows;
      statement.ended = performance.now();
      return result;
    });
  };
  pglite.query = ((text: string, params?: unknown[], options?: object) =>
    capture(originalQuery, text, params, options, false)) as typeof pglite.query;
  pglite.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    originalTransaction((tx) => {
      const txQuery = tx.query.bind(tx) as typeof originalQuery;
      tx.query = ((text: string, params?: unknown[], options?: object) =>
        capture(txQuery, text, params, options, true)) as typeof tx.query;
      return work(tx);
    })) as typeof pglite.transaction;

  const runOn =
    (query: typeof originalQuery): QueryRunner =>
    async (statement) =>
      (await query(statement.text, statement.params, statement.config)).rows;
  return {
    async record(work) {
      captured = [];
      try {
        const result = await work();
        return { result, statements: captured };
      } finally {
        captured = undefined;
      }
    },
    // One connection: statements the API started at once waited their turn there too.
    async replay(statements, prefix) {
      const results: unknown[][] = [];
      let index = 0;
      while (index < statements.length) {
        const statement = statements[index]!;
        if (!statement.inTransaction) {
          results.push(await runOn(originalQuery)(statement, `${prefix}_${index}`));
          index += 1;
          continue;
        }
        let end = index;
        while (end < statements.length && statements[end]!.inTransaction) end += 1;
        const group = statements.slice(index, end);
        await originalTransaction(async (tx) => {
          const query = runOn(tx.query.bind(tx) as typeof originalQuery);
          for (const inner of group) results.push(await query(inner, prefix));
        });
        index = end;
      }
      return results;
    },
    async query(text, params = []) {
      return (await originalQuery<Record<string, unknown>>(text, params)).rows;
    },
    close: async () => {},
  };
}
