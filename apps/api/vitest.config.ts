import { defineProject } from 'vitest/config';

// The same API suite runs on the embedded database and, when DATABASE_URL is set, on PostgreSQL.
const isPostgres = Boolean(process.env.DATABASE_URL);

export default defineProject({
  test: {
    name: isPostgres ? 'api-postgres' : 'api',
    // Tests beside the code (src/) hold pure rules and the embedded database's own parts, none of
    // which depends on the driver, so they run once, in the embedded run.
    include: isPostgres ? ['test/**/*.test.ts'] : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Comparing catalogs needs both databases, and several runner processes need one shared server, so
    // they only exist in the PostgreSQL run; the restart test brings its own PostgreSQL cluster, so it
    // runs once, in the embedded run. The admin command is tested on each database in its own run.
    exclude: isPostgres
      ? ['test/postgres-restart.test.ts', 'test/admin-cli.test.ts']
      : [
          'test/migrations-catalog.test.ts',
          'test/jobs-two-runners.test.ts',
          'test/admin-cli-postgres.test.ts',
          'test/postgres-concurrent-migrations.test.ts',
        ],
    globalSetup: ['test/support/global-setup.ts'],
    // Each file builds its own app on its own database, and nothing is mocked, so files can share a
    // worker's module cache: the app's modules load once per worker, not once per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
