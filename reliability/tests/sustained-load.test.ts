// Fifty people using every area of the app for minutes on end, on PostgreSQL and on the embedded
// database: no request fails, latency does not creep up and memory stays flat once warmed up.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { type ApiServer, startApiServer, stopApiServer, waitUntilHealthy } from '../support/api-server';
import { checkWriters, describeProblems } from '../support/check-writes';
import { summarizeLatencies } from '../support/latency';
import { type LoadSample, prepareLoadUsers, startLoad } from '../support/load';
import { findServerPid, readRssMebibytes } from '../support/process-memory';

/** The shared server: the scenario makes a database of its own on it and drops it afterwards. */
const SHARED_POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** SUSTAINED_LOAD_MINUTES=1 for a quick run; the figures below are judged on full runs of 5. */
const MINUTES = Number(process.env.SUSTAINED_LOAD_MINUTES ?? 5);
/** A minute per window; a run shorter than 3 minutes is cut into 4 windows so each check still applies. */
const WINDOW_MS = MINUTES >= 3 ? 60_000 : (MINUTES * 60_000) / 4;
const USERS = 50;
/** Mostly reads, as people look far more often than they change things. */
const WRITE_SHARE = 0.15;
/** Between one and two seconds between a person's clicks. */
const THINK_TIME_MS = 1000;
const RSS_SAMPLE_MS = 5000;
/** The last window's p99 against the first's: slower by more than this is a leak or a growing cost. */
const P99_DRIFT_LIMIT = 2;
/**
 * The last window's memory against the second's (the first is warm-up: code compiled, caches and
 * prepared statements filled). Allows for the data the writes add and the garbage collector's timing.
 */
const RSS_GROWTH_LIMIT = 1.3;

if (!Number.isFinite(MINUTES) || MINUTES <= 0) {
  throw new Error(
    `SUSTAINED_LOAD_MINUTES must be a positive number of minutes, not "${process.env.SUSTAINED_LOAD_MINUTES}"`,
  );
}

interface Window {
  samples: LoadSample[];
  rss: number[];
  loadAverage: number;
}

const isError = (sample: LoadSample) => sample.status < 200 || sample.status >= 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runSustainedLoad(server: ApiServer, label: string) {
  const users = await prepareLoadUsers(server.url, 'sustained', USERS);
  const pid = await findServerPid(server.child.pid as number);
  const windowCount = Math.round((MINUTES * 60_000) / WINDOW_MS);
  const windows: Window[] = Array.from({ length: windowCount }, () => ({
    samples: [],
    rss: [],
    loadAverage: 0,
  }));
  const startedAt = Date.now();
  const endsAt = startedAt + windowCount * WINDOW_MS;
  const windowOf = (at: number) => Math.min(windowCount - 1, Math.floor((at - startedAt) / WINDOW_MS));

  const load = startLoad({
    users,
    writeShare: WRITE_SHARE,
    thinkTimeMs: THINK_TIME_MS,
    onSample: (sample) => {
      if (sample.startedAt < endsAt) windows[windowOf(sample.startedAt)]?.samples.push(sample);
    },
  });
  while (Date.now() < endsAt) {
    await sleep(Math.min(RSS_SAMPLE_MS, endsAt - Date.now()));
    const window = windows[windowOf(Date.now() - 1)] as Window;
    const rss = await readRssMebibytes(pid);
    if (rss !== undefined) window.rss.push(rss);
    window.loadAverage = loadavg()[0] ?? 0;
  }
  await load.stop();

  const report = await checkWriters(users.map((user) => user.writer));
  const rows = windows.map((window, index) => {
    const latency = summarizeLatencies(window.samples.map((sample) => sample.finishedAt - sample.startedAt));
    const errors = window.samples.filter(isError).length;
    return {
      window: `${((index * WINDOW_MS) / 60_000).toFixed(2)}-${(((index + 1) * WINDOW_MS) / 60_000).toFixed(2)} min`,
      requests: window.samples.length,
      writes: window.samples.filter((sample) => sample.kind === 'write').length,
      'error rate': window.samples.length === 0 ? 0 : errors / window.samples.length,
      'p50 (ms)': latency.p50,
      'p99 (ms)': latency.p99,
      'max (ms)': latency.max,
      'RSS (MiB)': Math.round(Math.max(0, ...window.rss)),
      'load average': Number(window.loadAverage.toFixed(2)),
    };
  });
  const all = windows.flatMap((window) => window.samples);
  const errors = all.filter(isError);
  console.log(`Sustained load on ${label}: ${USERS} users for ${MINUTES} min, server pid ${pid}`);
  console.table(rows);
  console.table({
    requests: all.length,
    errors: errors.length,
    'writes checked': report.checked,
    'writes lost': report.lost.length,
    'broken invariants': report.violations.length,
  });
  return { rows, errors, report };
}

function expectSteady(result: Awaited<ReturnType<typeof runSustainedLoad>>) {
  const { rows, errors, report } = result;
  const first = rows[0];
  const second = rows[1];
  const last = rows.at(-1);
  if (!first || !second || !last) throw new Error('a run needs at least two windows');
  expect(
    errors.slice(0, 20).map((sample) => `${sample.operation}: ${sample.status} ${sample.code ?? ''}`),
    'no request fails',
  ).toEqual([]);
  expect(report.lost.length + report.violations.length, describeProblems(report)).toBe(0);
  expect(last.requests, 'the load kept going to the end').toBeGreaterThan(first.requests / 2);
  expect(last['p99 (ms)'], "the last window's p99 against the first's").toBeLessThanOrEqual(
    P99_DRIFT_LIMIT * first['p99 (ms)'],
  );
  expect(last['RSS (MiB)'], "the last window's memory against the second's").toBeLessThanOrEqual(
    RSS_GROWTH_LIMIT * second['RSS (MiB)'],
  );
}

describe('sustained mixed load', () => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  test('on PostgreSQL', async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'cairn-rel-sustained-pg-'));
    cleanUps.push(() => rm(workDir, { recursive: true, force: true }));
    const name = `cairn_rel_sustained_${process.pid}`;
    const admin = new pg.Client({ connectionString: SHARED_POSTGRES });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanUps.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const databaseUrl = new URL(SHARED_POSTGRES);
    databaseUrl.pathname = `/${name}`;
    const server = await startApiServer({
      dataDir: workDir,
      databaseUrl: databaseUrl.toString(),
      logFile: path.join(workDir, 'api.log'),
    });
    cleanUps.push(() => stopApiServer(server));
    await waitUntilHealthy(server, 120_000);
    expectSteady(await runSustainedLoad(server, 'PostgreSQL'));
  });

  test('on the embedded database', async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'cairn-rel-sustained-embedded-'));
    cleanUps.push(() => rm(workDir, { recursive: true, force: true }));
    const server = await startApiServer({ dataDir: workDir, logFile: path.join(workDir, 'api.log') });
    cleanUps.push(() => stopApiServer(server));
    await waitUntilHealthy(server, 120_000);
    expectSteady(await runSustainedLoad(server, 'the embedded database'));
  });
});
