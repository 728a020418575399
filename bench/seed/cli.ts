// npm run seed -- --users N --scale S: fills the database the server would open (DATABASE_URL, else the
// embedded database in DATA_DIR) with N heavy users and scale × 1,000 light ones, for benchmarks and demos.
// Run it with the server stopped: the embedded database takes one process at a time.
import { parseArgs } from 'node:util';
import { parseConfig } from '../../apps/api/src/config/env';
import { type Database, openPglite, openPostgres } from '../../apps/api/src/db/client';
import { lockDataDir } from '../../apps/api/src/db/data-dir-lock';
import { refreshPlannerStatistics } from '../../apps/api/src/db/planner-statistics';
import { seedInstance } from './seed';

const usage = 'Usage: npm run seed -- [--users N] [--scale S]   (defaults: 1 heavy user, scale 1)';

function readOptions() {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '1' },
      scale: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const users = Number(values.users);
  const scale = Number(values.scale);
  if (!Number.isInteger(users) || users < 0 || !(scale > 0)) {
    console.error(usage);
    process.exit(2);
  }
  return { users, scale };
}

async function main() {
  const { users, scale } = readOptions();
  // Only the two settings the server reads to find its database (and their defaults).
  const config = parseConfig({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
  let release = () => {};
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl);
  } else {
    release = await lockDataDir(config.dataDir);
    database = await openPglite({ dataDir: config.dataDir });
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
  try {
    console.log(`Seeding ${users} heavy user(s) at scale ${scale} into ${where}`);
    await database.migrate();
    const result = await seedInstance(database, {
      users,
      scale,
      onProgress: (line) => console.log(`${elapsed()}  ${line}`),
    });
    // As the server does at boot: the embedded database has no autovacuum to notice the new rows.
    if (database.pglite) await refreshPlannerStatistics(database.pglite);
    console.log(
      `\nDone in ${result.seconds.toFixed(1)} s (${elapsed().trim()} with migrations and statistics).`,
    );
    console.log('\nRows per kind:');
    const width = Math.max(...Object.keys(result.rows).map((key) => key.length));
    for (const [kind, count] of Object.entries(result.rows)) {
      console.log(`  ${kind.padEnd(width)}  ${count.toLocaleString('en-US').padStart(10)}`);
    }
    console.log(
      `\nLight users: ${result.lightUserCount} (light1@example.com …), password ${result.heavy[0]?.password ?? 'Seed-pass1'}`,
    );
    console.log('Heavy users (sign in with these):');
    for (const user of result.heavy) console.log(`  ${user.email}  ${user.password}`);
  } finally {
    await database.close();
    release();
  }
}

await main();
