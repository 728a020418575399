import type { PGlite } from '@electric-sql/pglite';

/** PostgreSQL's autovacuum defaults: analyze a table once 50 rows plus a tenth of it have changed. */
const BASE_THRESHOLD = 50;
const SCALE_FACTOR = 0.1;

/**
 * The embedded database runs without PostgreSQL's background workers, so nothing ever refreshes the
 * planner's statistics. Without them a user's first page of 10,000 tasks sorts every row (~18 ms)
 * instead of reading 51 rows from an index (~0.1 ms). A PostgreSQL server does this by autovacuum.
 */
export async function refreshPlannerStatistics(pglite: PGlite): Promise<void> {
  // Counters still held back would reach the view after the ANALYZE and count as changes since it.
  await flushStatisticsCounters(pglite);
  await pglite.exec('ANALYZE');
}

/**
 * Does what autovacuum's analyze would: finds the tables changed enough since their last ANALYZE
 * (a burst of imported or created rows) and analyzes just those. Returns their names.
 */
export async function refreshStaleStatistics(pglite: PGlite): Promise<string[]> {
  await flushStatisticsCounters(pglite);
  const { rows } = await pglite.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name
       from pg_stat_user_tables
      where n_mod_since_analyze > $1::float8 + $2::float8 * greatest(n_live_tup, 0)`,
    [BASE_THRESHOLD, SCALE_FACTOR],
  );
  for (const { name } of rows) await pglite.exec(`ANALYZE ${name}`);
  return rows.map((row) => row.name);
}

/** Without a background writer the counters only reach the statistics views when a flush is asked for. */
async function flushStatisticsCounters(pglite: PGlite): Promise<void> {
  await pglite.query('select pg_stat_force_next_flush()');
}
