import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, wrapPglite } from '../src/db/client';
import { databaseUrlFor } from './support/postgres-url';

/**
 * The catalog of the public schema, normalized so two servers can be compared: tables, columns
 * with types, defaults and nullability, indexes, and constraints with their definitions.
 */
const catalogQueries = {
  columns: `select table_name, column_name, data_type, udt_name, is_nullable, column_default,
                   numeric_precision, numeric_scale
              from information_schema.columns where table_schema = 'public'
             order by table_name, column_name`,
  indexes: `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
             order by tablename, indexname`,
  // PostgreSQL 18 also lists NOT NULL as constraints (contype n); nullability is compared per column.
  constraints: `select conrelid::regclass::text as table_name, conname, contype, pg_get_constraintdef(oid) as definition
                  from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n'
                 order by 1, 2`,
  enums: `select t.typname, e.enumlabel, e.enumsortorder from pg_type t join pg_enum e on e.enumtypid = t.oid
           order by 1, 3`,
};

type Query = (text: string) => Promise<unknown[]>;

async function readCatalog(query: Query) {
  const entries = await Promise.all(
    Object.entries(catalogQueries).map(async ([name, text]) => [name, await query(text)] as const),
  );
  return Object.fromEntries(entries);
}

const serverUrl = process.env.DATABASE_URL!;
const name = `cairn_catalog_${randomBytes(4).toString('hex')}`;

afterAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migrations', () => {
  it('build the same catalog on PGlite and on PostgreSQL', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();

    const postgres = openPostgres(databaseUrlFor(serverUrl, name));
    await postgres.migrate();
    const postgresClient = new pg.Client({ connectionString: databaseUrlFor(serverUrl, name) });
    await postgresClient.connect();
    const onPostgres = await readCatalog(async (text) => (await postgresClient.query(text)).rows);
    await postgresClient.end();
    await postgres.close();

    const embedded = wrapPglite(await PGlite.create());
    await embedded.migrate();
    const onPglite = await readCatalog(async (text) => (await embedded.pglite!.query(text)).rows);
    await embedded.close();

    expect(onPglite.columns?.length).toBeGreaterThan(40);
    expect(onPglite).toEqual(onPostgres);
  });
});
