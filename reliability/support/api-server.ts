// A real API process as `npm start` runs it, for scenarios that kill, restart or starve it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Kept across restarts so tokens issued before a crash stay valid after it, as in production. */
const JWT_SECRET = 'reliability-suite-secret-of-at-least-32-characters';

export interface ApiServerOptions {
  dataDir: string;
  /** PostgreSQL; without it the server runs the embedded database in `dataDir`. */
  databaseUrl?: string;
  /** A fixed port, so a restarted server answers at the same address; a free one when left out. */
  port?: number;
  logFile: string;
  /** Added to (or, given undefined, removed from) the environment the server gets. */
  env?: Record<string, string | undefined>;
}

export interface ApiServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** The last 64 KB the process wrote to stdout and stderr. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the API; resolves once the process is spawned (use `waitUntilHealthy` for readiness). */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const port = options.port ?? (await freePort());
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    // Scenarios sign many users up from one address.
    AUTH_RATE_LIMIT_MAX: '1000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-65_536);
      log.write(chunk);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      log.end();
      resolve({ code, signal });
    });
  });
  return { url: `http://127.0.0.1:${port}`, port, child, output: () => output, exited };
}

/** Polls /api/health until it answers 200; fails with the log tail when the process exits first. */
export async function waitUntilHealthy(server: ApiServer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `the API exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the API at ${server.url} was not healthy within ${timeoutMs} ms:\n${server.output()}`);
}

/** kill -9: no shutdown hook runs, exactly as when the machine loses power or the OOM killer strikes. */
export async function killHard(server: ApiServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** A graceful stop (SIGTERM), forced after `timeoutMs`. */
export async function stopApiServer(server: ApiServer, timeoutMs = 20_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  await server.exited;
  clearTimeout(timer);
}
