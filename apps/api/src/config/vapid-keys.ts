import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';

const KEYS_FILE = 'vapid.json';

export type VapidKeys = { publicKey: string; privateKey: string };

function isVapidKeys(value: unknown): value is VapidKeys {
  const keys = value as Partial<VapidKeys> | null;
  return (
    typeof keys?.publicKey === 'string' &&
    typeof keys.privateKey === 'string' &&
    Buffer.from(keys.publicKey, 'base64url').length === 65 &&
    Buffer.from(keys.privateKey, 'base64url').length === 32
  );
}

async function readStoredKeys(file: string): Promise<VapidKeys | undefined> {
  try {
    const stored: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isVapidKeys(stored)) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    throw new Error(`${file} does not hold VAPID keys; remove it to have new ones generated`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY a key pair is generated once and kept in the data
 * directory, like the JWT secret: browsers subscribed with the public key, so a new pair would silence
 * every device. Several processes on one PostgreSQL must be given the keys (or share the directory).
 */
export async function resolveVapidKeys(options: {
  configured: VapidKeys | undefined;
  dataDir: string;
}): Promise<VapidKeys> {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, KEYS_FILE);
  const stored = await readStoredKeys(file);
  if (stored) return stored;
  await mkdir(options.dataDir, { recursive: true });
  const generated = webPush.generateVAPIDKeys();
  // Written whole under another name, then linked into place: of two processes starting at once, the
  // second finds the first one's complete file and keeps its keys.
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readStoredKeys(file);
    if (!winner) throw error;
    return winner;
  } finally {
    await rm(draft, { force: true });
  }
}
