// kill -9 of the API in the middle of a write load, twenty times on each database: after each restart
// on the same data directory (or database) and port, every acknowledged write must be there as
// acknowledged, no transfer may have one side only, every recurring series must have exactly one open
// occurrence, and attachment rows and files must match. The server must come back by itself.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  freePort,
  killHard,
  startApiServer,
  stopApiServer,
  waitUntilHealthy,
} from '../support/api-server';
import {
  type CheckProblem,
  checkWriters,
  describeProblems,
  findPartialUploads,
} from '../support/check-writes';
import {
  countOutcomes,
  prepareWriter,
  runWriteLoad,
  type WriteOutcome,
  type Writer,
} from '../support/writes';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 20);
const WRITERS = 3;
const IN_FLIGHT = 8;
/** The load runs this long (at random) before each kill. */
const MIN_LOAD_MS = 1000;
const MAX_LOAD_MS = 4000;
/** A restart that takes longer than this needed help, as far as a user can tell. */
const RESTART_BOUND_MS = 150_000;
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['pglite', 'postgres'] as const)('kill -9 under write load on %s', (driver) => {
  let server: ApiServer | undefined;
  let directory = '';
  let database: string | undefined;

  afterAll(async () => {
    if (server) await stopApiServer(server);
    if (database) await administer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it(`keeps every acknowledged write through ${CYCLES} crashes`, async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), `cairn-rel-crash-${driver}-`));
    const dataDir = path.join(directory, 'data');
    const attachmentsDir = path.join(dataDir, 'attachments');
    let databaseUrl: string | undefined;
    if (driver === 'postgres') {
      database = `cairn_rel_crash_${randomBytes(4).toString('hex')}`;
      await administer(`CREATE DATABASE ${database}`);
      const url = new URL(SERVER_URL);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }
    const port = await freePort();
    const start = () =>
      startApiServer({
        dataDir,
        port,
        logFile: path.join(directory, 'api.log'),
        ...(databaseUrl ? { databaseUrl } : {}),
        // The scenario outlasts the default 15 minutes of an access token.
        env: { ACCESS_TOKEN_TTL_SECONDS: '86400' },
      });

    const firstStart = Date.now();
    server = await start();
    await waitUntilHealthy(server, RESTART_BOUND_MS);
    const firstStartSeconds = (Date.now() - firstStart) / 1000;
    const writers: Writer[] = [];
    for (let index = 0; index < WRITERS; index++)
      writers.push(await prepareWriter(server.url, { prefix: 'crash' }));

    const outcomes: WriteOutcome[] = [];
    const recoverySeconds: number[] = [];
    const lost: CheckProblem[] = [];
    const violations: CheckProblem[] = [];
    let leftoverPartials = 0;
    let checked = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const stopLoad = new AbortController();
      const load = runWriteLoad({ writers, concurrency: IN_FLIGHT, signal: stopLoad.signal });
      await sleep(MIN_LOAD_MS + Math.random() * (MAX_LOAD_MS - MIN_LOAD_MS));
      // No new writes from here; the ones under way die with the server.
      stopLoad.abort();
      await killHard(server);
      outcomes.push(...(await load));

      const killedAt = Date.now();
      server = await start();
      await waitUntilHealthy(server, RESTART_BOUND_MS);
      recoverySeconds.push((Date.now() - killedAt) / 1000);

      const report = await checkWriters(writers, { attachmentsDir });
      checked += report.checked;
      lost.push(...report.lost);
      violations.push(...report.violations);
      leftoverPartials += (await findPartialUploads(attachmentsDir)).length;
      if (report.lost.length + report.violations.length > 0) {
        console.log(`after crash ${cycle + 1}:\n${describeProblems(report)}`);
      }
    }

    const counts = countOutcomes(outcomes);
    const sorted = [...recoverySeconds].sort((a, b) => a - b);
    console.log(
      [
        `kill -9 under write load (${driver})`,
        `  crashes survived             ${recoverySeconds.length} of ${CYCLES}`,
        `  first start                  ${firstStartSeconds.toFixed(1)} s`,
        `  recovery (kill to healthy)   median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} s, max ${sorted.at(-1)?.toFixed(1)} s`,
        `  writes sent                  ${outcomes.length} (acknowledged ${counts.acknowledged}, refused ${counts.rejected}, unanswered ${counts['in-doubt']})`,
        `  acknowledged writes checked  ${checked} (over all ${CYCLES} checks)`,
        `  writes lost                  ${lost.length}`,
        `  broken invariants            ${violations.length}`,
        `  half-written uploads left    ${leftoverPartials}`,
      ].join('\n'),
    );

    expect(recoverySeconds).toHaveLength(CYCLES);
    expect(counts.acknowledged).toBeGreaterThan(CYCLES * 5);
    // Every write path ran and was acknowledged at least once.
    const acknowledgedKinds = new Set(outcomes.filter((o) => o.result === 'acknowledged').map((o) => o.kind));
    expect([...acknowledgedKinds].sort()).toEqual([
      'attachment-upload',
      'note-save',
      'recurring-complete',
      'task-create',
      'task-move-column',
      'task-move-list',
      'task-move-position',
      'tracker-log',
      'transfer',
      'worklog-entry',
    ]);
    // A dying server may fail a request, never answer one with a 500.
    expect(outcomes.filter((outcome) => outcome.status !== undefined && outcome.status >= 500)).toEqual([]);
    expect(lost).toEqual([]);
    expect(violations).toEqual([]);
    expect(leftoverPartials).toBe(0);
  });
});
