import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';

const CHECK_INTERVAL_MS = 60 * 1000;

/** PostgreSQL's autovacuum defaults: analyze a table once 50 rows plus a tenth of it have changed. */
const BASE_THRESHOLD = 50;
const SCALE_FACTOR = 0.1;

/**
 * The embedded database runs without PostgreSQL's background workers, so nothing ever refreshes the
 * planner's statistics. Without them a user's first page of 10,000 tasks sorts every row (~18 ms)
 * instead of reading 51 rows from an index (~0.1 ms). A PostgreSQL server does this by autovacuum.
 */
export async function refreshPlannerStatistics(pglite: PGlite): Promise<void> {
  await pglite.exec('ANALYZE');
}

/**
 * Does what autovacuum's analyze would: finds the tables changed enough since their last ANALYZE
 * (a burst of imported or created rows) and analyzes just those. Returns their names.
 */
export async function refreshStaleStatistics(pglite: PGlite): Promise<string[]> {
  // Without a background writer the counters only reach the view when a flush is asked for.
  await pglite.query('select pg_stat_force_next_flush()');
  const { rows } = await pglite.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name
       from pg_stat_user_tables
      where n_mod_since_analyze > $1::float8 + $2::float8 * greatest(n_live_tup, 0)`,
    [BASE_THRESHOLD, SCALE_FACTOR],
  );
  for (const { name } of rows) await pglite.exec(`ANALYZE ${name}`);
  return rows.map((row) => row.name);
}

/** Refreshes the statistics now, then checks every minute for tables that changed a lot. */
export function schedulePlannerStatistics(options: { pglite: PGlite; log: FastifyBaseLogger }): () => void {
  const fail = (error: unknown) =>
    options.log.error({ err: error }, 'refreshing the planner statistics failed');
  void refreshPlannerStatistics(options.pglite).catch(fail);
  const timer = setInterval(() => {
    refreshStaleStatistics(options.pglite)
      .then((tables) => {
        if (tables.length > 0) options.log.info({ tables }, 'refreshed planner statistics');
      })
      .catch(fail);
  }, CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
