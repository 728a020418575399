// Two API processes on one PostgreSQL database behind a round-robin proxy: the deployment for users
// who outgrow one process, as a scenario starts and tears it down.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type ApiServer, startApiServer, stopApiServer, waitUntilHealthy } from './api-server';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TwoProcessDeployment {
  /** The proxy: what users reach. */
  url: string;
  proxy: RoundRobinProxy;
  servers: [ApiServer, ApiServer];
  /** The deployment's database, for counting what the API wrote. */
  pool: pg.Pool;
  /** Seconds from spawning both processes to both answering /api/health. */
  startSeconds: number;
  /** Each process's DATA_DIR (the same one twice when shared). */
  dataDirs: string[];
  /** Where each process writes its log. */
  logFiles: string[];
  close(): Promise<void>;
}

export interface TwoProcessOptions {
  /** A short name for the database and the temporary directory. */
  name: string;
  /** One DATA_DIR for both processes (attachments, generated keys); else each has its own. */
  isDataDirShared: boolean;
  /** For both processes, e.g. the S3_* and VAPID_* settings. */
  env: Record<string, string>;
}

function databaseUrlFor(database: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function administer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Makes an empty database and starts both processes on it at the same moment, as an orchestrator
 * starting two replicas does: both migrate the empty database at once.
 */
export async function startTwoProcessDeployment(options: TwoProcessOptions): Promise<TwoProcessDeployment> {
  const database = `cairn_rel_${options.name}_${randomBytes(4).toString('hex')}`;
  await administer(`CREATE DATABASE ${database}`);
  const databaseUrl = databaseUrlFor(database);
  const directory = await mkdtemp(path.join(os.tmpdir(), `cairn-rel-${options.name}-`));
  const dataDirs = options.isDataDirShared
    ? [path.join(directory, 'data'), path.join(directory, 'data')]
    : [path.join(directory, 'data-a'), path.join(directory, 'data-b')];
  for (const dataDir of dataDirs) await mkdir(dataDir, { recursive: true });
  const logFiles = ['a', 'b'].map((name) => path.join(directory, `api-${name}.log`));

  const started = Date.now();
  const servers = (await Promise.all(
    dataDirs.map((dataDir, index) =>
      startApiServer({ dataDir, databaseUrl, logFile: logFiles[index] ?? '', env: options.env }),
    ),
  )) as [ApiServer, ApiServer];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  let proxy: RoundRobinProxy | undefined;
  const close = async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => stopApiServer(server)));
    await pool.end();
    await administer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await rm(directory, { recursive: true, force: true });
  };
  try {
    await Promise.all(servers.map((server) => waitUntilHealthy(server, 120_000)));
  } catch (error) {
    await close();
    throw error;
  }
  const startSeconds = (Date.now() - started) / 1000;
  proxy = await startRoundRobinProxy(servers.map((server) => server.url));
  return { url: proxy.url, proxy, servers, pool, startSeconds, dataDirs, logFiles, close };
}

/** The number in the first column of the first row. */
export async function countRows(pool: pg.Pool, text: string, values: unknown[] = []): Promise<number> {
  const result = await pool.query<{ count: string | number }>(text, values);
  return Number(result.rows[0]?.count ?? 0);
}
