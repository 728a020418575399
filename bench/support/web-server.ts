// The production web build and the real server over a data directory, as `npm start` runs them.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The build settings `npm start` uses: the API and the error inbox on the page's own origin. */
const sameOriginSettings = {
  VITE_API_URL: 'http://localhost',
  VITE_API_SAME_ORIGIN: 'true',
  VITE_ERROR_REPORTING_DSN: 'http://cairn@localhost/1',
  VITE_ERROR_REPORTING_SAME_ORIGIN: 'true',
};

/** Builds the web app for production into `outDir`, with no VITE_ setting of the caller's leaking in. */
export async function buildWeb(outDir: string): Promise<string> {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('VITE_')) delete env[name];
  await run('npm', ['run', 'build', '-w', '@cairn/web', '--', '--outDir', outDir, '--emptyOutDir'], {
    ...env,
    ...sameOriginSettings,
  });
  return outDir;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output.slice(-4000)}`)),
    );
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `apps/api/src/server.ts` in production mode over `dataDir`, once it answers its health check. */
export async function startServer(options: {
  dataDir: string;
  port: number;
  webDist: string;
  baseUrl: string;
  logFile: string;
}): Promise<ChildProcess> {
  // The embedded database in dataDir, whatever the caller's shell points at.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: options.baseUrl,
      WEB_DIST_DIR: options.webDist,
      AUTH_RATE_LIMIT_MAX: '10000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = createWriteStream(options.logFile);
  child.stdout.pipe(output);
  child.stderr.pipe(output);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${options.baseUrl}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  child.kill('SIGKILL');
  const tail = (await readFile(options.logFile, 'utf8').catch(() => '')).slice(-4000);
  throw new Error(`The server did not answer on ${options.baseUrl}\n${tail}`);
}

export async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
