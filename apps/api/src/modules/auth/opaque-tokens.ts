import { createHash, randomBytes } from 'node:crypto';

/**
 * Refresh and verification tokens are "<userId>.<secret>": the user id keeps every lookup
 * inside one user's rows (and one shard), the secret is 256 random bits stored only as a hash.
 */
export function createOpaqueToken(userId: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${userId}.${secret}`, hash: hashSecret(secret) };
}

export function parseOpaqueToken(token: string): { userId: string; hash: string } | undefined {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(
    token,
  );
  if (!match?.[1] || !match[2]) return undefined;
  return { userId: match[1], hash: hashSecret(match[2]) };
}

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
