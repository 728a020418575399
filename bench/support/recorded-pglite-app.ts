// The API in process on a fresh embedded database, with every statement it runs recorded, so an
// area's benchmark can time a request against exactly the same SQL run bare.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type * as AppModule from '../../apps/api/src/app';
import type * as EnvModule from '../../apps/api/src/config/env';
import type * as ClientModule from '../../apps/api/src/db/client';
import type * as StatisticsModule from '../../apps/api/src/db/planner-statistics';

/** With the client's options: the query builder reads rows as arrays, which a bare run may copy. */
export type RecordedStatement = { text: string; params: unknown[]; options: object | undefined };

/** BENCH_API_SRC points at another copy of apps/api/src (an older version) to measure it the same way. */
export const apiSource = process.env.BENCH_API_SRC ?? new URL('../../apps/api/src', import.meta.url).pathname;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Builds the API over a recording PGlite and signs one user up. `headers` carry their token and, when
 * given, the request time zone.
 */
export async function startRecordedPgliteApp(options: { timeZone?: string } = {}) {
  const { buildApp } = (await import(`${apiSource}/app.ts`)) as typeof AppModule;
  const { parseConfig } = (await import(`${apiSource}/config/env.ts`)) as typeof EnvModule;
  const { wrapPglite } = (await import(`${apiSource}/db/client.ts`)) as typeof ClientModule;
  const { refreshPlannerStatistics } = (await import(
    `${apiSource}/db/planner-statistics.ts`
  )) as typeof StatisticsModule;

  let captured: RecordedStatement[] | undefined;
  const pglite = await PGlite.create();
  const database = wrapPglite(pglite);
  const rawQuery = pglite.query.bind(pglite);
  const rawTransaction = pglite.transaction.bind(pglite);
  pglite.query = ((text: string, params?: unknown[], queryOptions?: object) => {
    captured?.push({ text, params: params ?? [], options: queryOptions });
    return rawQuery(text, params, queryOptions);
  }) as typeof pglite.query;
  pglite.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    rawTransaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], queryOptions?: object) => {
        captured?.push({ text, params: params ?? [], options: queryOptions });
        return txQuery(text, params, queryOptions);
      }) as typeof tx.query;
      return work(tx);
    })) as typeof pglite.transaction;
  await database.migrate();

  const app = await buildApp({
    config: parseConfig({ AUTH_RATE_LIMIT_MAX: '100000', WEB_DIST_DIR: '/nonexistent' }),
    database,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    logger: false,
  });
  await app.ready();

  const signup = await app.inject({
    method: 'POST',
    url: '/auth/signup',
    payload: { username: 'bench', email: 'bench@example.com', password: 'Bench-pass1' },
  });
  const headers: Record<string, string> = {
    authorization: `Bearer ${signup.json().accessToken.token as string}`,
    ...(options.timeZone ? { 'x-timezone': options.timeZone } : {}),
  };

  async function api(method: 'GET' | 'POST', url: string, payload?: object) {
    const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response;
  }

  /** Runs `work` and returns what it answered with every statement it ran, in order. */
  async function recordStatements<T>(work: () => Promise<T>) {
    captured = [];
    try {
      const result = await work();
      return { result, statements: captured };
    } finally {
      captured = undefined;
    }
  }

  const userId = (await api('GET', '/api/v1/users/me')).json().id as string;
  return {
    app,
    database,
    pglite,
    rawQuery,
    headers,
    userId,
    api,
    recordStatements,
    /** As the server does at boot on the embedded database. */
    refreshPlannerStatistics: () => refreshPlannerStatistics(pglite),
  };
}
