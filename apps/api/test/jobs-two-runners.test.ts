import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { parseConfig } from '../src/config/env';
import { type Database, openPostgres, queryRows } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { createDiskStorage } from '../src/modules/attachments/storage/disk-storage';
import { enqueueJobs } from '../src/modules/jobs/job-queue';
import { databaseUrlFor } from './support/postgres-url';

// Runs in the PostgreSQL run only (see vitest.config.ts): the embedded database is one process's.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JOBS = 1000;

const serverUrl = process.env.DATABASE_URL ?? '';
const databaseName = `cairn_test_jobs_${randomBytes(6).toString('hex')}`;
const databaseUrl = databaseUrlFor(serverUrl, databaseName);
let database: Database;
const children: ChildProcess[] = [];

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
  await adminQuery(`CREATE DATABASE ${databaseName} TEMPLATE ${inject('postgresTemplate')}`);
  database = openPostgres(databaseUrl);
  // No unique key on purpose: a job whose effect committed twice shows up as two rows.
  await database.db.execute(sql`create table job_effects (job_id uuid not null, runner text not null)`);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.close();
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

type Runner = { child: ChildProcess; starts: string[]; onStart: (() => void) | undefined };

function startRunner(runnerId: string): Runner {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/jobs-runner-process.ts'], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, RUNNER_ID: runnerId },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const runner: Runner = { child, starts: [], onStart: undefined };
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('start ')) continue;
      runner.starts.push(line.slice('start '.length));
      runner.onStart?.();
    }
  });
  return runner;
}

async function countRows(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ count: number }>(database.db, query);
  return Number(row?.count ?? 0);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('two runner processes run 1,000 jobs exactly once, though one is killed mid-batch', async () => {
  const ctx = {
    db: database.db,
    clock: systemClock,
    config: parseConfig({ DATA_DIR: '/nonexistent-cairn-test-dir' }),
    jwtSecret: new Uint8Array(32),
    mailer: undefined,
    storage: createDiskStorage('/nonexistent-cairn-test-dir'),
  };
  expect(
    await enqueueJobs(
      ctx,
      Array.from({ length: JOBS }, (_, index) => ({ name: 'test:effect', payload: { index } })),
    ),
  ).toBe(JOBS);

  const victim = startRunner('victim');
  const survivor = startRunner('survivor');

  // Once a quarter of the work is done, kill the victim while a batch of its handlers has written but
  // not yet finished (they wait 15 ms after writing).
  await waitUntil(
    async () => (await countRows(sql`select count(*) from job_effects`)) >= JOBS / 4,
    60_000,
    'a quarter of the jobs ran',
  );
  await new Promise<void>((resolve) => {
    victim.onStart = () => {
      victim.onStart = undefined;
      setTimeout(() => {
        victim.child.kill('SIGKILL');
        resolve();
      }, 5);
    };
  });
  await once(victim.child, 'exit');

  await waitUntil(
    async () => (await countRows(sql`select count(*) from jobs where status = 'done'`)) === JOBS,
    60_000,
    'every job is done',
  );
  survivor.child.kill('SIGTERM');
  const [exitCode] = await once(survivor.child, 'exit');
  expect(exitCode).toBe(0);

  // Every job done, and its effect committed exactly once.
  expect(await countRows(sql`select count(*) from jobs where status <> 'done'`)).toBe(0);
  expect(await countRows(sql`select count(*) from job_effects`)).toBe(JOBS);
  expect(await countRows(sql`select count(distinct job_id) from job_effects`)).toBe(JOBS);
  expect(await countRows(sql`select count(*) from jobs j join job_effects e on e.job_id = j.id`)).toBe(JOBS);

  // Both runners did a share of the work.
  const effectsBy = async (runner: string) =>
    countRows(sql`select count(*) from job_effects where runner = ${runner}`);
  expect(await effectsBy('victim')).toBeGreaterThan(0);
  expect(await effectsBy('survivor')).toBeGreaterThan(0);

  // No runner ever started a job twice, and a job started by both is one the victim never finished:
  // its run died uncommitted with the process, and the survivor took it over once the lease ran out.
  expect(new Set(victim.starts).size).toBe(victim.starts.length);
  expect(new Set(survivor.starts).size).toBe(survivor.starts.length);
  const survivorStarts = new Set(survivor.starts);
  const takenOver = victim.starts.filter((id) => survivorStarts.has(id));
  expect(takenOver.length).toBeGreaterThan(0);
  const [takenOverRuns] = await queryRows<{ runners: string[]; attempts: number[] }>(
    database.db,
    sql`select array_agg(distinct e.runner) as runners, array_agg(distinct j.attempts) as attempts
          from job_effects e join jobs j on j.id = e.job_id
         where e.job_id = any(${`{${takenOver.join(',')}}`}::uuid[])`,
  );
  expect(takenOverRuns?.runners).toEqual(['survivor']);
  expect(takenOverRuns?.attempts).toEqual([2]);
  expect(victim.starts.length + survivor.starts.length).toBe(JOBS + takenOver.length);
}, 120_000);
