import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toDataDirUnusableError } from '../db/data-dir-lock';
import { makeDirectory } from '../lib/storage/local-disk-storage';

const SECRET_FILE = 'jwt-secret';

/**
 * Without JWT_SECRET a secret is generated once and kept in the data directory,
 * so restarting the server does not sign everybody out.
 */
export async function resolveJwtSecret(options: { configured: string | undefined; dataDir: string }) {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    await makeDirectory(options.dataDir);
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
  } catch (error) {
    // Without a place for the secret, every restart would sign everybody out: better not to start.
    throw toDataDirUnusableError(options.dataDir, error) ?? error;
  }
  return secret;
}
