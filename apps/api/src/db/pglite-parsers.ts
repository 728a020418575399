import type { PGlite, Transaction } from '@electric-sql/pglite';
import { types } from '@electric-sql/pglite';

/**
 * The types Drizzle asks PGlite to hand over as text (it parses them itself; see `instant` in
 * columns.ts): timestamps, dates, intervals, and arrays of those and of numerics.
 */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string) => value;

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * Drizzle passes those parsers with every query, and PGlite merges them into a copy of its own table
 * of some 300 parsers each time: about a tenth of a millisecond per query, a fifth of a small request.
 * Set once on the client instead, every query reads rows the same way without the copy. Queries that
 * bypass Drizzle (planner statistics, snapshots) read no values of these types.
 */
export function setDrizzleParsersOnce(client: PGlite): void {
  let ready: Promise<void> | undefined;
  const prepare = () => {
    ready ??= client.waitReady.then(() => {
      // After PGlite's own start-up, which fills in the array types' parsers.
      for (const type of TEXT_TYPES) client.parsers[type] = asText;
    });
    return ready;
  };
  const withoutParsers = (options: QueryOptions): QueryOptions =>
    options?.parsers ? { ...options, parsers: undefined } : options;

  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    await prepare();
    return query(text, params, withoutParsers(options));
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = (async <T>(work: (tx: Transaction) => Promise<T>) => {
    await prepare();
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, withoutParsers(options))) as Transaction['query'];
      return work(tx);
    });
  }) as PGlite['transaction'];
}
