// A PostgreSQL server of the scenario's own, to stop and start under load: the shared server on 5432
// serves everyone else and is never touched.
import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './api-server';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: every server command runs as the `postgres` OS user. */
const OS_USER = 'postgres';

/** fast: connections are told the server is shutting down; immediate: backends are killed, as in a crash. */
export type StopMode = 'fast' | 'immediate';

export interface PostgresCluster {
  port: number;
  /** A connection string to `database` on this server. */
  url(database?: string): string;
  start(): Promise<void>;
  stop(mode: StopMode): Promise<void>;
  /** Resolves at the first moment a new connection is accepted and answers a query (epoch ms). */
  waitUntilAccepting(timeoutMs?: number): Promise<number>;
  destroy(): Promise<void>;
}

async function runAsPostgres(command: string, args: string[]): Promise<string> {
  const { stdout } = await run('runuser', ['-u', OS_USER, '--', path.join(BIN, command), ...args], {
    timeout: 120_000,
  });
  return stdout;
}

/** A fresh cluster in a temporary directory, on a free port, started; `destroy` stops and deletes it. */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const baseDir = await mkdtemp(path.join(tmpdir(), 'cairn-rel-pg-'));
  const uid = Number((await run('id', ['-u', OS_USER])).stdout.trim());
  const gid = Number((await run('id', ['-g', OS_USER])).stdout.trim());
  await chown(baseDir, uid, gid);
  const dataDir = path.join(baseDir, 'data');
  const logFile = path.join(baseDir, 'postgres.log');
  const port = await freePort();
  // No fsync: the scenario kills the server process, not the machine, and the kernel keeps what
  // was written either way; it spares a loaded machine's disk.
  await runAsPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    // Its socket in its own directory, not next to the shared server's.
    `-c unix_socket_directories=${baseDir}`,
    '-c fsync=off',
    '-c max_connections=50',
    '-c shared_buffers=32MB',
  ].join(' ');

  const cluster: PostgresCluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await runAsPostgres('pg_ctl', [
        'start',
        '-D',
        dataDir,
        '-l',
        logFile,
        '-o',
        serverOptions,
        '-w',
        '-t',
        '60',
      ]);
    },
    async stop(mode) {
      await runAsPostgres('pg_ctl', ['stop', '-D', dataDir, '-m', mode, '-w', '-t', '60']);
    },
    async waitUntilAccepting(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const client = new pg.Client({ connectionString: cluster.url(), connectionTimeoutMillis: 1000 });
        // A refused connection emits 'error' as well as rejecting connect().
        client.on('error', () => {});
        try {
          await client.connect();
          await client.query('select 1');
          return Date.now();
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 25));
        } finally {
          await client.end().catch(() => {});
        }
      }
      throw new Error(`PostgreSQL on port ${port} did not accept connections within ${timeoutMs} ms`);
    },
    async destroy() {
      await cluster.stop('immediate').catch(() => {});
      await rm(baseDir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
