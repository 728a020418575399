import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, migrationsFolder, openPostgres } from '../src/db/client';
import { databaseUrlFor } from './support/postgres-url';

// Runs in the PostgreSQL run only (see vitest.config.ts): several processes share one server there.
const serverUrl = process.env.DATABASE_URL ?? '';
const databaseName = `cairn_test_migrate_${randomBytes(6).toString('hex')}`;
const PROCESSES = 4;
const databases: Database[] = [];

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${databaseName}`);
});

afterAll(async () => {
  await Promise.all(databases.map((database) => database.close()));
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

it('processes starting together on an empty database all migrate it, each migration once', async () => {
  // Each on a pool of its own, as separate API processes (two replicas started at once) are.
  for (let index = 0; index < PROCESSES; index++) {
    databases.push(openPostgres(databaseUrlFor(serverUrl, databaseName)));
  }
  const outcomes = await Promise.allSettled(databases.map((database) => database.migrate()));
  expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);

  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const client = new pg.Client({ connectionString: databaseUrlFor(serverUrl, databaseName) });
  await client.connect();
  try {
    const applied = await client.query<{ count: string }>(
      'select count(*) as count from drizzle.__drizzle_migrations',
    );
    expect(Number(applied.rows[0]?.count)).toBe(journal.entries.length);
  } finally {
    await client.end();
  }
});
