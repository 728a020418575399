import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';
import { openPostgres } from '../src/db/client';
import { checkCommands } from './support/admin-cli';
import { databaseUrlFor } from './support/postgres-url';

const serverUrl = process.env.DATABASE_URL ?? '';

describe('npm run admin on PostgreSQL', () => {
  it('works on a fresh PostgreSQL database', { timeout: 240_000 }, async () => {
    const name = `cairn_cli_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = databaseUrlFor(serverUrl, name);
    try {
      await checkCommands({
        // No data directory is touched: a path that cannot exist proves it.
        env: { DATABASE_URL: url, DATA_DIR: '/nonexistent-cairn-cli-dir' },
        open: async () => openPostgres(url),
      });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
