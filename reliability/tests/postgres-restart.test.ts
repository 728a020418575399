// PostgreSQL stopped and started again (a fast shutdown, then an immediate one, as in a crash) while
// people read and write: the API answers 503 quickly while it is gone, recovers by itself once it is
// back, and every write it acknowledged is still there.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiRequest } from '../support/api-client';
import { type ApiServer, startApiServer, stopApiServer, waitUntilHealthy } from '../support/api-server';
import { checkWriters, describeProblems } from '../support/check-writes';
import { type LoadSample, type LoadUser, prepareLoadUsers, startLoad } from '../support/load';
import { createPostgresCluster, type PostgresCluster, type StopMode } from '../support/postgres-cluster';
import { countOutcomes } from '../support/writes';

const USERS = 8;
/** Short pauses: a steady stream of requests, so the outage and the recovery are seen to the moment. */
const THINK_TIME_MS = 40;
/** A third of the requests write, so many writes are under way when the connections drop. */
const WRITE_SHARE = 0.35;
const OUTAGE_MS = 4000;
/** Every answer during the outage comes faster than this: nothing waits on a database that is gone. */
const SLOWEST_OUTAGE_ANSWER_MS = 3000;
/** From PostgreSQL accepting connections again to the API's first 2xx and a healthy health check. */
const RECOVERY_LIMIT_MS = 5000;
const STEADY_MS = 6000;

interface HealthSample {
  startedAt: number;
  finishedAt: number;
  status: number;
  databaseStatus?: string | undefined;
}

interface Outage {
  mode: StopMode;
  stopBeganAt: number;
  downAt: number;
  startBeganAt: number;
  acceptingAt: number;
  firstApiSuccessAt?: number | undefined;
  firstHealthyAt?: number | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isSuccess = (status: number) => status >= 200 && status < 300;
const slowest = (samples: readonly { startedAt: number; finishedAt: number }[]) =>
  Math.max(0, ...samples.map((sample) => sample.finishedAt - sample.startedAt));

/** Polls /api/health every 100 ms until stopped. */
function pollHealth(baseUrl: string) {
  const samples: HealthSample[] = [];
  let isPolling = true;
  const done = (async () => {
    while (isPolling) {
      const startedAt = Date.now();
      const response = await apiRequest<{ database?: { status?: string } }>(baseUrl, {
        method: 'GET',
        path: '/api/health',
        timeoutMs: 20_000,
      }).catch(() => undefined);
      samples.push({
        startedAt,
        finishedAt: Date.now(),
        status: response?.status ?? 0,
        databaseStatus: response?.body?.database?.status,
      });
      await sleep(100);
    }
  })();
  return {
    samples,
    async stop() {
      isPolling = false;
      await done;
    },
  };
}

describe('PostgreSQL restarted under load', () => {
  let workDir: string;
  let cluster: PostgresCluster;
  let server: ApiServer;
  let users: LoadUser[];

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'cairn-rel-pg-restart-'));
    cluster = await createPostgresCluster();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('create database cairn');
    await admin.end();
    server = await startApiServer({
      dataDir: workDir,
      databaseUrl: cluster.url('cairn'),
      logFile: path.join(workDir, 'api.log'),
    });
    await waitUntilHealthy(server, 120_000);
    users = await prepareLoadUsers(server.url, 'pgrestart', USERS);
  });

  afterAll(async () => {
    if (server) await stopApiServer(server);
    if (cluster) await cluster.destroy();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  test('answers 503 quickly while PostgreSQL is down, recovers by itself, loses no acknowledged write', async () => {
    const samples: LoadSample[] = [];
    const load = startLoad({
      users,
      writeShare: WRITE_SHARE,
      thinkTimeMs: THINK_TIME_MS,
      timeoutMs: 20_000,
      onSample: (sample) => samples.push(sample),
    });
    const health = pollHealth(server.url);

    const outages: Outage[] = [];
    await sleep(STEADY_MS);
    for (const mode of ['fast', 'immediate'] as const) {
      const stopBeganAt = Date.now();
      await cluster.stop(mode);
      const downAt = Date.now();
      await sleep(OUTAGE_MS);
      const startBeganAt = Date.now();
      const accepting = cluster.waitUntilAccepting();
      await cluster.start();
      const outage: Outage = { mode, stopBeganAt, downAt, startBeganAt, acceptingAt: await accepting };
      outages.push(outage);
      // Recovered: a request that started after PostgreSQL came back succeeded, and health says so.
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !(outage.firstApiSuccessAt && outage.firstHealthyAt)) {
        outage.firstApiSuccessAt = samples.find(
          (sample) => sample.startedAt >= outage.acceptingAt && isSuccess(sample.status),
        )?.finishedAt;
        outage.firstHealthyAt = health.samples.find(
          (sample) => sample.startedAt >= outage.acceptingAt && sample.status === 200,
        )?.finishedAt;
        await sleep(50);
      }
      await sleep(STEADY_MS);
    }
    await load.stop();
    await health.stop();

    const report = await checkWriters(
      users.map((user) => user.writer),
      { attachmentsDir: path.join(workDir, 'attachments') },
    );
    const isRunning = server.child.exitCode === null && server.child.signalCode === null;
    const logLines = (await readFile(path.join(workDir, 'api.log'), 'utf8'))
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg?: string });

    const figures = outages.map((outage, index) => {
      const isDuring = (sample: { startedAt: number }) =>
        sample.startedAt >= outage.downAt && sample.startedAt < outage.startBeganAt;
      const during = samples.filter(isDuring);
      const healthDuring = health.samples.filter(isDuring);
      const recoveredAt = Math.max(outage.firstApiSuccessAt ?? Infinity, outage.firstHealthyAt ?? Infinity);
      // Up to the next stop: a request it cuts short is that outage's.
      const nextStopAt = outages[index + 1]?.stopBeganAt ?? Infinity;
      const afterRecovery = samples.filter(
        (sample) => sample.startedAt >= recoveredAt && sample.finishedAt < nextStopAt,
      );
      return {
        outage,
        during,
        healthDuring,
        row: {
          mode: outage.mode,
          'requests while down': during.length,
          'of them 503': during.filter((sample) => sample.status === 503).length,
          'slowest while down (ms)': slowest(during),
          'health 503 while down': healthDuring.filter(
            (sample) => sample.status === 503 && sample.databaseStatus === 'unavailable',
          ).length,
          'health checks while down': healthDuring.length,
          'slowest health while down (ms)': slowest(healthDuring),
          'first 2xx after accepting (s)':
            ((outage.firstApiSuccessAt ?? Infinity) - outage.acceptingAt) / 1000,
          'health 200 after accepting (s)': ((outage.firstHealthyAt ?? Infinity) - outage.acceptingAt) / 1000,
          '5xx after recovery': afterRecovery.filter((sample) => sample.status >= 500).length,
        },
      };
    });
    const unexpected = samples.filter((sample) => !isSuccess(sample.status) && sample.status !== 503);
    const badShape = samples.filter(
      (sample) => sample.status === 503 && (sample.code !== 'SERVICE_UNAVAILABLE' || !sample.isErrorShape),
    );
    const outcomes = countOutcomes(users.flatMap((user) => user.writer.outcomes));
    const errorLines = logLines.filter((line) => line.level >= 50);
    console.log('PostgreSQL restarted under load (a fast stop, then an immediate one)');
    // One column per outage, one line per figure: narrow enough to read in a terminal.
    const { mode: _mode, ...firstRow } = figures[0]?.row ?? { mode: '' };
    console.table(
      Object.fromEntries(
        Object.keys(firstRow).map((figure) => [
          figure,
          Object.fromEntries(figures.map(({ row }) => [row.mode, row[figure as keyof typeof row]])),
        ]),
      ),
    );
    console.table({
      requests: samples.length,
      '2xx': samples.filter((sample) => isSuccess(sample.status)).length,
      '503': samples.filter((sample) => sample.status === 503).length,
      'anything else (500, dropped...)': unexpected.length,
      'writes acknowledged': outcomes.acknowledged,
      'writes in doubt (503)': outcomes['in-doubt'],
      'writes checked': report.checked,
      'writes lost': report.lost.length,
      'broken invariants': report.violations.length,
      'error lines in the log': errorLines.length,
      'API still running': isRunning,
    });

    expect(isRunning, server.output()).toBe(true);
    expect(
      unexpected.map((sample) => `${sample.operation}: ${sample.status} ${sample.code ?? ''}`),
      'only 2xx and 503 answers: no 500, no dropped connection',
    ).toEqual([]);
    expect(badShape.length, '503s answer SERVICE_UNAVAILABLE in the error shape').toBe(0);
    expect(report.checked).toBeGreaterThan(100);
    expect(report.lost.length + report.violations.length, describeProblems(report)).toBe(0);
    // An outage is a warning (once from the database client, once from the job runner), not an error.
    expect(errorLines.map((line) => line.msg)).toEqual([]);
    for (const { outage, during, healthDuring, row } of figures) {
      const mode = outage.mode;
      expect(during.length, `${mode}: requests were made while PostgreSQL was down`).toBeGreaterThan(20);
      expect(
        during.filter((sample) => sample.status !== 503).length,
        `${mode}: every request while down is 503`,
      ).toBe(0);
      expect(row['slowest while down (ms)'], `${mode}: slowest answer while down`).toBeLessThan(
        SLOWEST_OUTAGE_ANSWER_MS,
      );
      expect(healthDuring.length).toBeGreaterThan(5);
      expect(row['health 503 while down'], `${mode}: health answers 503 "unavailable" while down`).toBe(
        healthDuring.length,
      );
      expect(row['slowest health while down (ms)'], `${mode}: slowest health check while down`).toBeLessThan(
        SLOWEST_OUTAGE_ANSWER_MS,
      );
      expect(row['first 2xx after accepting (s)'] * 1000, `${mode}: first 2xx`).toBeLessThan(
        RECOVERY_LIMIT_MS,
      );
      expect(row['health 200 after accepting (s)'] * 1000, `${mode}: health 200`).toBeLessThan(
        RECOVERY_LIMIT_MS,
      );
      expect(row['5xx after recovery'], `${mode}: no 5xx once recovered`).toBe(0);
    }
  });
});
