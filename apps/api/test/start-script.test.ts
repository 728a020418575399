import { spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/db/data-dir-lock';

const root = path.resolve(import.meta.dirname, '../../..');
const webDir = path.join(root, 'apps/web');

/** What a build would change: where dist points and which builds exist. */
function webBuildState() {
  const dist = lstatSync(path.join(webDir, 'dist'), { throwIfNoEntry: false });
  return {
    dist: dist && {
      isLink: dist.isSymbolicLink(),
      target: dist.isSymbolicLink() ? readlinkSync(path.join(webDir, 'dist')) : undefined,
      modifiedAt: dist.mtimeMs,
    },
    builds: existsSync(path.join(webDir, 'builds')) ? readdirSync(path.join(webDir, 'builds')).sort() : [],
  };
}

function runStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
    }
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm start', () => {
  it('refuses a data directory in use before building anything', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-start-'));
    const release = await lockDataDir(dataDir);
    try {
      const before = webBuildState();
      const { code, output } = await runStart({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        // Settings no build was made with: without the early check, a build would start.
        VITE_API_URL: `http://start-check-${process.pid}.example`,
      });

      expect(code).toBe(1);
      expect(output).toContain(
        `Another Cairn server (pid ${process.pid}) is already using the data directory`,
      );
      expect(output).not.toContain('Building the web app');
      expect(webBuildState()).toEqual(before);
    } finally {
      release();
    }
  });
});
