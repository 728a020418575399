import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { lockDataDir } from '../src/db/data-dir-lock';
import { checkCommands, runAdmin } from './support/admin-cli';

// The PostgreSQL side of the same commands is admin-cli-postgres.test.ts.
describe('npm run admin', () => {
  it('explains its usage and exits 2 on bad arguments', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-admin-cli-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      for (const args of [
        [],
        ['make-admin', 'x'],
        ['create-admin', 'only-a-name'],
        ['create-admin', 'a@b', 'a@example.com'],
        ['create-admin', 'ann', 'not-an-address'],
        ['reset-password'],
      ]) {
        const result = await runAdmin(args, env);
        expect(result.code, args.join(' ')).toBe(2);
        expect(result.stderr).toContain('Usage:');
        expect(result.stderr).toContain('npm run admin -- create-admin <username> <email>');
      }
      // The root package's script reaches the same command.
      const viaNpm = await runAdmin(['help'], env, true);
      expect(viaNpm.code).toBe(2);
      expect(viaNpm.stderr).toContain('npm run admin -- reset-password <username>');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('works on the embedded database, and refuses while a server holds it', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cairn-admin-cli-'));
    try {
      await checkCommands({
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        open: () => openPglite({ dataDir }),
      });
      const release = await lockDataDir(dataDir);
      try {
        const locked = await runAdmin(['reset-password', 'root'], { DATA_DIR: dataDir, DATABASE_URL: '' });
        expect(locked.code).toBe(1);
        expect(locked.stderr).toContain(
          `Another Cairn server (pid ${process.pid}) is already using the data directory`,
        );
        expect(locked.stdout).not.toContain('password');
      } finally {
        release();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
