import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's autovacuum defaults: analyze a table once 50 rows plus a tenth of it have changed;
 * vacuum it once 50 rows plus a fifth of it are dead, or 1,000 rows plus a fifth of it were
 * inserted since its last vacuum.
 */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE_FACTOR = 0.2;
const VACUUM_INSERT_THRESHOLD = 1000;
const VACUUM_INSERT_SCALE_FACTOR = 0.2;

/**
 * The embedded database runs without PostgreSQL's background workers, so nothing else does
 * autovacuum's work. Without fresh statistics a user's first page of 10,000 tasks sorts every row
 * (~18 ms) instead of reading 51 rows from an index (~0.1 ms); without a vacuum, dead rows are never
 * reclaimed and no page is marked all-visible, so a sum read from a covering index still visits
 * every row in the table. At boot: every table analyzed, and those autovacuum would vacuum vacuumed.
 */
export async function refreshPlannerStatistics(pglite: PGlite): Promise<void> {
  // Counters still held back would reach the view after the ANALYZE and count as changes since it.
  await flushStatisticsCounters(pglite);
  await pglite.exec('ANALYZE');
  for (const { name, vacuum } of await tablesDue(pglite)) if (vacuum) await pglite.exec(`VACUUM ${name}`);
}

/**
 * Does what autovacuum would: finds the tables changed enough since their last ANALYZE or VACUUM (a
 * burst of imported, created, updated or deleted rows) and analyzes or vacuums just those. Returns
 * their names.
 */
export async function refreshStaleStatistics(pglite: PGlite): Promise<string[]> {
  await flushStatisticsCounters(pglite);
  const due = await tablesDue(pglite);
  for (const { name, analyze, vacuum } of due) {
    if (vacuum) await pglite.exec(`VACUUM ${analyze ? '(ANALYZE) ' : ''}${name}`);
    else if (analyze) await pglite.exec(`ANALYZE ${name}`);
  }
  return due.map((table) => table.name);
}

type TableDue = { name: string; analyze: boolean; vacuum: boolean };

/** Each table autovacuum would analyze or vacuum now. */
async function tablesDue(pglite: PGlite): Promise<TableDue[]> {
  const { rows } = await pglite.query<TableDue>(
    `select name, analyze_due as analyze, vacuum_due as vacuum from (
       select quote_ident(schemaname) || '.' || quote_ident(relname) as name,
              n_mod_since_analyze > $1::float8 + $2::float8 * greatest(n_live_tup, 0) as analyze_due,
              n_dead_tup > $3::float8 + $4::float8 * greatest(n_live_tup, 0)
                or n_ins_since_vacuum > $5::float8 + $6::float8 * greatest(n_live_tup, 0) as vacuum_due
         from pg_stat_user_tables) tables
      where analyze_due or vacuum_due
      order by name`,
    [
      ANALYZE_THRESHOLD,
      ANALYZE_SCALE_FACTOR,
      VACUUM_THRESHOLD,
      VACUUM_SCALE_FACTOR,
      VACUUM_INSERT_THRESHOLD,
      VACUUM_INSERT_SCALE_FACTOR,
    ],
  );
  return rows;
}

/** Without a background writer the counters only reach the statistics views when a flush is asked for. */
async function flushStatisticsCounters(pglite: PGlite): Promise<void> {
  await pglite.query('select pg_stat_force_next_flush()');
}
