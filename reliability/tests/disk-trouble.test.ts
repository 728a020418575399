// The data directory on a full or read-only disk. At start: the embedded database refuses to run with
// one clear line naming the directory; PostgreSQL mode, whose data is elsewhere, starts and answers
// uploads 503. During writes: a disk that fills up, or an attachments mount turned read-only, makes
// writes answer 503 in the one error shape (never 500, never a hang) while reads go on; once there is
// room (or the mount is writable) writes succeed again without a restart, nothing acknowledged is
// lost, and the embedded database opens cleanly afterwards.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { statfsSync } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRequest } from '../support/api-client';
import { type ApiServer, startApiServer, stopApiServer, waitUntilHealthy } from '../support/api-server';
import { checkWriters, describeProblems } from '../support/check-writes';
import {
  countOutcomes,
  prepareWriter,
  runWrite,
  type WriteOutcome,
  type Writer,
  writeKinds,
} from '../support/writes';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const START_TIMEOUT_MS = 150_000;
const MEGABYTE = 1024 * 1024;

const mounts: string[] = [];
const servers: ApiServer[] = [];
const databases: string[] = [];
let directory = '';

function mountTmpfs(target: string, options: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', target]);
  mounts.push(target);
}

const remount = (target: string, mode: 'ro' | 'rw') =>
  execFileSync('mount', ['-o', `remount,${mode}`, target]);
const freeBytes = (target: string) => {
  const stats = statfsSync(target);
  return stats.bavail * stats.bsize;
};

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createDatabase(): Promise<string> {
  const database = `cairn_rel_disk_${randomBytes(4).toString('hex')}`;
  await administer(`CREATE DATABASE ${database}`);
  databases.push(database);
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function start(options: {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string | undefined>;
}) {
  const server = await startApiServer({
    dataDir: options.dataDir,
    logFile: path.join(directory, 'api.log'),
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    env: { ACCESS_TOKEN_TTL_SECONDS: '86400', ...options.env },
  });
  servers.push(server);
  return server;
}

/** The process must stop by itself, non-zero, with one line that names the directory. */
async function expectRefusedStart(server: ApiServer, dataDir: string, problem: RegExp) {
  const exit = await Promise.race([
    server.exited,
    new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), START_TIMEOUT_MS)),
  ]);
  expect(exit).toMatchObject({ code: 1 });
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.trim());
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`The data directory ${dataDir}`);
  expect(lines[0]).toMatch(problem);
  return lines[0];
}

/** Fills the file system until only `leaveBytes` remain (0: until a write fails for want of room). */
async function fillUp(target: string, leaveBytes: number): Promise<string> {
  const filler = path.join(target, `filler-${randomBytes(4).toString('hex')}`);
  const handle = await open(filler, 'w');
  try {
    while (freeBytes(target) > leaveBytes + MEGABYTE) await handle.write(Buffer.alloc(MEGABYTE));
    if (leaveBytes === 0) {
      for (;;) await handle.write(Buffer.alloc(4096));
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    await handle.close();
  }
  return filler;
}

/** A read of each kind the writes touch; all must answer while writes are refused. */
async function readsWork(writer: Writer): Promise<boolean> {
  const paths = [
    '/api/v1/tasks?limit=5',
    '/api/v1/notes',
    '/api/v1/money/transactions?limit=5',
    '/api/health',
  ];
  for (const readPath of paths) {
    const response = await apiRequest(writer.baseUrl, {
      method: 'GET',
      path: readPath,
      token: writer.user.accessToken,
    });
    if (response.status !== 200) return false;
  }
  return true;
}

/** Runs every write path in turn, `rounds` times. */
async function writeEveryKind(writer: Writer, rounds: number): Promise<WriteOutcome[]> {
  const outcomes: WriteOutcome[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const kind of writeKinds) outcomes.push(await runWrite(writer, kind));
  }
  return outcomes;
}

const summarize = (outcomes: readonly WriteOutcome[]) => {
  const statuses: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.status === undefined ? `no answer (${outcome.error})` : String(outcome.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return statuses;
};

afterAll(async () => {
  for (const server of servers) await stopApiServer(server);
  for (const target of mounts.reverse()) {
    try {
      execFileSync('umount', [target]);
    } catch {
      execFileSync('umount', ['-l', target]);
    }
  }
  for (const database of databases) await administer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('the data directory on a troubled disk', () => {
  it('refuses to start the embedded database on a full or read-only directory, with one clear line', async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'cairn-rel-disk-'));
    const full = path.join(directory, 'full');
    const readOnly = path.join(directory, 'read-only');
    await mkdir(full);
    await mkdir(readOnly);
    mountTmpfs(full, 'size=4m');
    await fillUp(full, 0);
    mountTmpfs(readOnly, 'size=4m,ro');

    const fullLine = await expectRefusedStart(await start({ dataDir: full }), full, /is full \(ENOSPC\)/);
    const readOnlyLine = await expectRefusedStart(
      await start({ dataDir: readOnly }),
      readOnly,
      /read-only file system \(EROFS\)/,
    );

    // Nearly full: room for the check's write, not for a database.
    execFileSync('umount', [full]);
    mounts.splice(mounts.indexOf(full), 1);
    mountTmpfs(full, 'size=8m');
    const nearlyLine = await expectRefusedStart(
      await start({ dataDir: full }),
      full,
      /is nearly full \(\d+ MB free/,
    );
    console.log(['start refused with:', fullLine, readOnlyLine, nearlyLine].join('\n  '));
  });

  it('starts PostgreSQL mode on a read-only directory and answers uploads 503; refuses when the secret must go there', async () => {
    const readOnly = path.join(directory, 'read-only');
    const databaseUrl = await createDatabase();
    const server = await start({ dataDir: readOnly, databaseUrl });
    await waitUntilHealthy(server, START_TIMEOUT_MS);
    const writer = await prepareWriter(server.url, { prefix: 'readonly' });
    const upload = await runWrite(writer, 'attachment-upload');
    expect(upload).toMatchObject({ status: 503, error: 'SERVICE_UNAVAILABLE' });
    const task = await runWrite(writer, 'task-create');
    expect(task).toMatchObject({ result: 'acknowledged' });
    expect(server.output()).toContain(`The data directory ${readOnly} is on a read-only file system`);
    await stopApiServer(server);

    // Without JWT_SECRET the secret is generated and kept in DATA_DIR: nowhere to keep it, no start.
    const withoutSecret = await start({ dataDir: readOnly, databaseUrl, env: { JWT_SECRET: undefined } });
    await expectRefusedStart(withoutSecret, readOnly, /read-only file system \(EROFS\)/);
  });

  it('answers 503 while the embedded database’s disk is full, and takes writes again once there is room', async () => {
    const mountPoint = path.join(directory, 'filling');
    await mkdir(mountPoint);
    mountTmpfs(mountPoint, 'size=160m');
    const dataDir = path.join(mountPoint, 'data');
    const server = await start({ dataDir });
    await waitUntilHealthy(server, START_TIMEOUT_MS);
    const writers = [await prepareWriter(server.url, { prefix: 'full' })];
    const writer = writers[0] as Writer;
    const before = await writeEveryKind(writer, 2);

    const filler = await fillUp(mountPoint, MEGABYTE / 2);
    const whileFull: WriteOutcome[] = [];
    let refusedRounds = 0;
    let readsWorked = true;
    // Until writes have been refused for want of room in a few rounds.
    for (let round = 0; round < 40 && refusedRounds < 5; round++) {
      const outcomes = await writeEveryKind(writer, 1);
      whileFull.push(...outcomes);
      if (outcomes.some((outcome) => outcome.status === 503)) refusedRounds += 1;
      readsWorked &&= await readsWork(writer);
    }
    await rm(filler);
    // The server measures the free space at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await writeEveryKind(writer, 2);
    const report = await checkWriters(writers, { attachmentsDir: path.join(dataDir, 'attachments') });
    await stopApiServer(server);
    // The database's files are whole: it opens and reads without the server.
    const pglite = await PGlite.create(path.join(dataDir, 'pgdata'));
    const tasks = await pglite.query<{ count: number }>('select count(*)::int as count from tasks');
    await pglite.close();

    console.log(
      [
        'embedded database on a disk that fills up',
        `  before: ${JSON.stringify(summarize(before))}`,
        `  while full: ${JSON.stringify(summarize(whileFull))} (rounds with refusals: ${refusedRounds})`,
        `  after freeing space: ${JSON.stringify(summarize(after))}`,
        `  acknowledged writes checked ${report.checked}, lost ${report.lost.length}, broken invariants ${report.violations.length}`,
        `  database opened cleanly afterwards: ${tasks.rows[0]?.count} tasks`,
      ].join('\n'),
    );
    expect(
      whileFull.filter(
        (outcome) => outcome.status === undefined || (outcome.status >= 500 && outcome.status !== 503),
      ),
    ).toEqual([]);
    expect(whileFull.filter((outcome) => outcome.status === 503).length).toBeGreaterThan(0);
    expect(
      whileFull
        .filter((outcome) => outcome.status === 503)
        .every((outcome) => outcome.error === 'SERVICE_UNAVAILABLE'),
    ).toBe(true);
    expect(readsWorked).toBe(true);
    expect(countOutcomes(after)).toMatchObject({ rejected: 0, 'in-doubt': 0 });
    expect(report.lost, describeProblems(report)).toEqual([]);
    expect(report.violations, describeProblems(report)).toEqual([]);
    expect(tasks.rows[0]?.count).toBeGreaterThan(0);
  });

  it('answers uploads 503 while the attachments mount is read-only, and takes them again once writable', async () => {
    const dataDir = path.join(directory, 'attachments-ro');
    const attachmentsDir = path.join(dataDir, 'attachments');
    await mkdir(attachmentsDir, { recursive: true });
    mountTmpfs(attachmentsDir, 'size=64m');
    const server = await start({ dataDir, databaseUrl: await createDatabase() });
    await waitUntilHealthy(server, START_TIMEOUT_MS);
    const writers = [await prepareWriter(server.url, { prefix: 'romount' })];
    const writer = writers[0] as Writer;
    const before = await writeEveryKind(writer, 2);
    remount(attachmentsDir, 'ro');
    const whileReadOnly = await writeEveryKind(writer, 3);
    const readsWorked = await readsWork(writer);
    remount(attachmentsDir, 'rw');
    const after = await writeEveryKind(writer, 2);
    const report = await checkWriters(writers, { attachmentsDir });
    console.log(
      [
        'attachments mount turned read-only (PostgreSQL mode)',
        `  before: ${JSON.stringify(summarize(before))}`,
        `  while read-only: ${JSON.stringify(summarize(whileReadOnly))}`,
        `  after: ${JSON.stringify(summarize(after))}`,
        `  acknowledged writes checked ${report.checked}, lost ${report.lost.length}, broken invariants ${report.violations.length}`,
      ].join('\n'),
    );
    const uploads = whileReadOnly.filter((outcome) => outcome.kind === 'attachment-upload');
    expect(uploads.map((outcome) => [outcome.status, outcome.error])).toEqual(
      uploads.map(() => [503, 'SERVICE_UNAVAILABLE']),
    );
    expect(
      whileReadOnly.filter(
        (outcome) => outcome.kind !== 'attachment-upload' && outcome.result !== 'acknowledged',
      ),
    ).toEqual([]);
    expect(readsWorked).toBe(true);
    expect(countOutcomes(after)).toMatchObject({ rejected: 0, 'in-doubt': 0 });
    expect(report.lost, describeProblems(report)).toEqual([]);
    expect(report.violations, describeProblems(report)).toEqual([]);
  });
});
