// The resident memory of the API process, read from /proc as `top` would show it.
import { readFile } from 'node:fs/promises';

async function readStatus(pid: number): Promise<string | undefined> {
  try {
    return await readFile(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined; // gone
  }
}

function field(status: string, name: string): string | undefined {
  return status.match(new RegExp(`^${name}:\\s*(.+)$`, 'm'))?.[1]?.trim();
}

/**
 * The process that runs the server: `node --import tsx` may run the script itself or hand it to a child
 * node process, so the deepest node process under `pid` is the one whose memory counts.
 */
export async function findServerPid(pid: number): Promise<number> {
  let current = pid;
  for (let depth = 0; depth < 5; depth += 1) {
    let children: string;
    try {
      children = await readFile(`/proc/${current}/task/${current}/children`, 'utf8');
    } catch {
      return current;
    }
    const candidates: number[] = [];
    for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
      const status = await readStatus(child);
      if (status && field(status, 'Name') === 'node') candidates.push(child);
    }
    if (candidates.length !== 1) return current;
    current = candidates[0] as number;
  }
  return current;
}

/** VmRSS of `pid` in MiB; undefined once the process has gone. */
export async function readRssMebibytes(pid: number): Promise<number | undefined> {
  const status = await readStatus(pid);
  const kilobytes = status ? field(status, 'VmRSS') : undefined;
  return kilobytes === undefined ? undefined : Number.parseInt(kilobytes, 10) / 1024;
}
