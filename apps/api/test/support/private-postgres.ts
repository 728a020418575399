import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, in a temporary folder, that the test may stop and restart at
 * will: the machine's shared server is never touched.
 */
export type PrivatePostgres = {
  /** Superuser `postgres`, trust authentication, database `postgres`. */
  url: string;
  /** Stops the server at once (`-m fast`: open connections are terminated), then starts it again. */
  restart(): Promise<void>;
  /** Stops the server (`-m fast`); connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server if it runs and deletes its folder; safe to call more than once. */
  destroy(): Promise<void>;
};

const POSTGRES_USER = 'postgres';

/** The newest server binaries: Debian and Ubuntu keep them per version, elsewhere pg_config knows. */
function findServerBinaries(): string {
  const root = '/usr/lib/postgresql';
  const candidates = existsSync(root)
    ? readdirSync(root)
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
        .map((version) => path.join(root, version, 'bin'))
    : [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config on the PATH: only the versioned folders are left.
  }
  const found = candidates.find(
    (dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')),
  );
  if (!found) {
    throw new Error(
      'These tests start a PostgreSQL server of their own and need its binaries (initdb, pg_ctl), ' +
        'found neither under /usr/lib/postgresql/*/bin nor through pg_config. ' +
        'Install the PostgreSQL server (Debian/Ubuntu: apt-get install postgresql).',
    );
  }
  return found;
}

/** initdb refuses to run as root, so as root the server runs as the `postgres` system user. */
function runAsPrefix(): { prefix: string[]; owner: { uid: number; gid: number } | undefined } {
  if (process.getuid?.() !== 0) return { prefix: [], owner: undefined };
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error(
      `Running as root, the private PostgreSQL server needs a "${POSTGRES_USER}" system user to run as ` +
        '(initdb refuses root); create one or run the tests as an ordinary user.',
    );
  }
  return { prefix: ['runuser', '-u', POSTGRES_USER, '--'], owner: { uid, gid } };
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** initdb, configure and start a server on a free port of 127.0.0.1; cleans up if any step fails. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findServerBinaries();
  const { prefix, owner } = runAsPrefix();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cairn-private-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  let isRunning = false;

  const exec = async (tool: string, args: string[]) => {
    const [command, ...rest] = [...prefix, path.join(bin, tool), ...args];
    try {
      await run(command!, rest, { timeout: 30_000 });
    } catch (error) {
      const serverLog = await readFile(logFile, 'utf8').catch(() => '');
      const output = error as { stdout?: string; stderr?: string; message: string };
      throw new Error(
        `${tool} ${args.join(' ')} failed: ${output.message}\n${output.stdout ?? ''}${output.stderr ?? ''}` +
          (serverLog ? `\nserver log:\n${serverLog.slice(-4000)}` : ''),
      );
    }
  };
  // pg_ctl writes the server's output to the log file; without -l the server would hold our pipes open.
  const pgCtl = (...args: string[]) =>
    exec('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '30', ...args]);

  // If the test process dies before destroy() runs, leave no server behind.
  const stopOnExit = () => {
    if (isRunning) {
      const [command, ...args] = [
        ...prefix,
        path.join(bin, 'pg_ctl'),
        '-D',
        dataDir,
        '-m',
        'immediate',
        'stop',
      ];
      try {
        execFileSync(command!, args, { stdio: 'ignore' });
      } catch {
        // Already gone.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);

  const port = await findFreePort();
  const cluster: PrivatePostgres = {
    url: `postgres://${POSTGRES_USER}@127.0.0.1:${port}/postgres`,
    async restart() {
      await pgCtl('-m', 'fast', 'restart');
      isRunning = true;
    },
    async stop() {
      await pgCtl('-m', 'fast', 'stop');
      isRunning = false;
    },
    async start() {
      await pgCtl('start');
      isRunning = true;
    },
    async destroy() {
      process.removeListener('exit', stopOnExit);
      try {
        if (isRunning) await pgCtl('-m', 'immediate', 'stop');
        isRunning = false;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };

  try {
    if (owner) await chown(dir, owner.uid, owner.gid);
    await exec('initdb', ['-D', dataDir, '-U', POSTGRES_USER, '--auth=trust', '--no-sync', '-E', 'UTF8']);
    // Durability is worthless in a throwaway server; speed is not.
    const settings = {
      listen_addresses: "'127.0.0.1'",
      port: String(port),
      unix_socket_directories: `'${dir}'`,
      max_connections: '30',
      shared_buffers: '16MB',
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
    };
    const conf = path.join(dataDir, 'postgresql.conf');
    await writeFile(
      conf,
      `${await readFile(conf, 'utf8')}\n${Object.entries(settings)
        .map(([name, value]) => `${name} = ${value}`)
        .join('\n')}\n`,
    );
    await cluster.start();
    return cluster;
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
}
