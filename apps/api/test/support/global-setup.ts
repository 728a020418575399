import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres, wrapPglite } from '../../src/db/client';
import { databaseUrlFor } from './postgres-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped once; every test file starts from a copy. */
    pgliteTemplatePath: string;
    /** The migrated PostgreSQL database every test file clones, when DATABASE_URL is set. */
    postgresTemplate: string;
  }
}

/** Migrating a fresh database takes seconds, so it happens once per run and files start from copies. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = `cairn_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = openPostgres(databaseUrlFor(serverUrl, template));
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = path.join(os.tmpdir(), `cairn-test-${process.pid}`);
  await mkdir(dir, { recursive: true });
  const database = wrapPglite(await PGlite.create());
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const templatePath = path.join(dir, 'template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  project.provide('postgresTemplate', '');
  return () => rm(dir, { recursive: true, force: true });
}
