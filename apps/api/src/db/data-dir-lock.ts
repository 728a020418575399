import { createHash } from 'node:crypto';
import { mkdir, open, realpath, rm, stat, statfs, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { makeDirectory } from '../lib/storage/local-disk-storage';

export class DataDirLockedError extends Error {}

/** The data directory cannot take writes: read-only, full or not ours. The message is one line for the operator. */
export class DataDirUnusableError extends Error {}

/** macOS allows 104 bytes for a socket path (with the closing NUL), Linux 108. */
const MAX_SOCKET_PATH_BYTES = 103;
/** Longer than any takeover takes: a marker this old was left by a process that died during one. */
const STALE_TAKEOVER_MS = 10_000;
const PROBE_TIMEOUT_MS = 2_000;
const MAX_ATTEMPTS = 50;

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where the lock lives: a Unix socket in the data directory, or a named pipe on Windows (pipes
 * live in their own namespace, so the name is derived from the directory).
 */
async function lockAddress(dataDir: string): Promise<string> {
  const directory = await realpath(dataDir);
  if (process.platform === 'win32') {
    const hash = createHash('sha256').update(directory.toLowerCase()).digest('hex').slice(0, 32);
    return `\\\\?\\pipe\\cairn-${hash}`;
  }
  const socketPath = path.join(directory, 'cairn.sock');
  if (Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES) return socketPath;
  // A relative path names the same file and may fit where the absolute one does not.
  const relative = path.relative(process.cwd(), socketPath);
  if (Buffer.byteLength(relative) <= MAX_SOCKET_PATH_BYTES) return relative;
  throw new Error(
    `The data directory path ${dataDir} is too long to hold Cairn's lock socket; use a shorter DATA_DIR.`,
  );
}

type Holder = { pid: number | undefined };

/**
 * Asks whoever listens on the lock address for its pid. Undefined means nobody listens: the socket
 * file is missing or left behind by a process that is gone (the OS refuses the connection).
 */
function findHolder(address: string): Promise<{ holder: Holder | undefined; isStaleFile: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    let answer = '';
    const settle = (holder: Holder | undefined, isStaleFile = false) => {
      socket.destroy();
      resolve({ holder, isStaleFile });
    };
    socket.setEncoding('utf8');
    // A holder too busy to answer still holds the lock.
    socket.setTimeout(PROBE_TIMEOUT_MS, () => settle({ pid: undefined }));
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => {
      const pid = Number.parseInt(answer, 10);
      settle({ pid: Number.isInteger(pid) ? pid : undefined });
    });
    socket.on('error', (error) => {
      const code = errorCode(error);
      if (code === 'ECONNREFUSED') settle(undefined, true);
      else if (code === 'ENOENT') settle(undefined);
      // Anything else (no permission, say) cannot prove the holder is gone.
      else settle({ pid: undefined });
    });
  });
}

function listen(address: string): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    // Whoever checks the lock learns who holds it.
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.end(String(process.pid));
    });
    server.once('error', (error) => {
      if (errorCode(error) === 'EADDRINUSE') resolve(undefined);
      else reject(error);
    });
    server.listen(address, () => {
      server.on('error', () => {});
      // The lock must never be what keeps a process running.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Removes a socket file whose owner is gone, so the next attempt can listen there. Only one process
 * at a time does this (an exclusive marker file), and only after checking again under the marker,
 * so a live socket is never removed.
 */
async function removeStaleSocket(dataDir: string, address: string): Promise<void> {
  const marker = path.join(dataDir, 'cairn.sock.takeover');
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(marker, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    const markerAge = await stat(marker).then(
      (stats) => Date.now() - stats.mtimeMs,
      () => 0,
    );
    if (markerAge > STALE_TAKEOVER_MS) await rm(marker, { force: true });
    else await sleep(20 + Math.random() * 30);
    return;
  }
  try {
    const { isStaleFile } = await findHolder(address);
    if (isStaleFile) await unlink(address).catch(() => {});
  } finally {
    await handle.close();
    await rm(marker, { force: true });
  }
}

/** The pid of the server holding the lock on `dataDir`, if one does. */
export async function findDataDirHolder(dataDir: string): Promise<Holder | undefined> {
  try {
    return (await findHolder(await lockAddress(dataDir))).holder;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

export function dataDirLockedMessage(dataDir: string, holder: Holder): string {
  const who = holder.pid === undefined ? 'Another Cairn server' : `Another Cairn server (pid ${holder.pid})`;
  return (
    `${who} is already using the data directory ${dataDir}. ` +
    'Stop it first, or give this one its own DATA_DIR.'
  );
}

/**
 * The embedded database has no lock of its own, and two processes on one data directory
 * silently lose writes. The lock is a listening socket, which the OS closes with its process
 * however it ends: a socket file nobody listens on any more is taken over, so a crash or a
 * kill -9 never blocks the next start, and a reused pid can never fool it.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  await mkdir(dataDir, { recursive: true });
  const address = await lockAddress(dataDir);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const server = await listen(address);
    if (server) {
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        // Closing the server also removes its socket file.
        server.close();
      };
    }
    const { holder, isStaleFile } = await findHolder(address);
    if (holder) throw new DataDirLockedError(dataDirLockedMessage(dataDir, holder));
    if (isStaleFile) await removeStaleSocket(dataDir, address);
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

const MEGABYTE = 1024 * 1024;
const formatMegabytes = (bytes: number) => `${Math.floor(bytes / MEGABYTE)} MB`;

/** What a failed write into the data directory means to the person running Cairn. */
function describeWriteFailure(dataDir: string, error: unknown): string | undefined {
  const code = errorCode(error);
  const fix = 'or set DATA_DIR to another directory.';
  if (code === 'EROFS')
    return `The data directory ${dataDir} is on a read-only file system (EROFS): make it writable, ${fix}`;
  if (code === 'EACCES' || code === 'EPERM') {
    return `Cairn may not write to the data directory ${dataDir} (${code}): give its user write access, ${fix}`;
  }
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return `The data directory ${dataDir} is full (${code}): free some space, ${fix}`;
  return undefined;
}

/**
 * Why Cairn could not keep data in `dataDir` (read-only, not writable, or with less than
 * `minFreeBytes` free), or undefined when it can. Tries a real write: only that tells a read-only
 * mount or a full disk apart from a merely unusual one.
 */
export async function findDataDirProblem(
  dataDir: string,
  options: { minFreeBytes: number },
): Promise<string | undefined> {
  const probe = path.join(dataDir, `.cairn-write-check-${process.pid}`);
  try {
    await makeDirectory(dataDir);
    const handle = await open(probe, 'w', 0o600);
    try {
      await handle.write(Buffer.alloc(64 * 1024));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    const problem = describeWriteFailure(dataDir, error);
    if (problem) return problem;
    throw error;
  } finally {
    await rm(probe, { force: true }).catch(() => {});
  }
  const { bavail, bsize } = await statfs(dataDir);
  const free = bavail * bsize;
  if (free < options.minFreeBytes) {
    return (
      `The data directory ${dataDir} is nearly full (${formatMegabytes(free)} free, Cairn needs ` +
      `${formatMegabytes(options.minFreeBytes)} to run): free some space, or set DATA_DIR to another directory.`
    );
  }
  return undefined;
}

/** Room the embedded database needs to start and take writes: a write-ahead log segment and then some. */
export const EMBEDDED_DATABASE_MIN_FREE_BYTES = 32 * MEGABYTE;

/** Stops the start with one clear line when the data directory cannot take the embedded database's writes. */
export async function assertDataDirUsable(dataDir: string): Promise<void> {
  const problem = await findDataDirProblem(dataDir, { minFreeBytes: EMBEDDED_DATABASE_MIN_FREE_BYTES });
  if (problem) throw new DataDirUnusableError(problem);
}

/** For a write into the data directory that failed: the one-line reason, when it is the directory's fault. */
export function toDataDirUnusableError(dataDir: string, error: unknown): DataDirUnusableError | undefined {
  const problem = describeWriteFailure(dataDir, error);
  return problem ? new DataDirUnusableError(problem) : undefined;
}
