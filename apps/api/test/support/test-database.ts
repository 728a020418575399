import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { databaseUrlFor } from './postgres-url';

/** A fresh, migrated database of the driver under test, and a way to throw it away. */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (serverUrl && template) {
    const name = `cairn_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    const database = openPostgres(databaseUrlFor(serverUrl, name));
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplatePath'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}
