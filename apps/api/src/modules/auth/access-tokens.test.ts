import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-tokens';

const secret = new TextEncoder().encode('a-secret-that-is-long-enough-for-hs256');
const issuedAt = new Date('2026-03-10T12:00:00Z');
const claims = { userId: 'user-1', sessionId: 'session-1' };
const sign = () => signAccessToken({ claims, secret, now: issuedAt, ttlSeconds: 900 });
const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

describe('verifyAccessToken', () => {
  it('checks a known token’s expiry on every use, to the second', async () => {
    const { token } = await sign();
    expect(await verifyAccessToken({ token, secret, now: at(0) })).toEqual(claims);
    expect(await verifyAccessToken({ token, secret, now: at(899) })).toEqual(claims);
    await expect(verifyAccessToken({ token, secret, now: at(900) })).rejects.toMatchObject({
      code: 'ACCESS_TOKEN_EXPIRED',
    });
  });

  it('does not take a token checked under one secret as checked under another', async () => {
    const { token } = await sign();
    await verifyAccessToken({ token, secret, now: at(0) });
    const otherSecret = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256');
    await expect(verifyAccessToken({ token, secret: otherSecret, now: at(0) })).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('refuses a known token with one character of its signature changed', async () => {
    const { token } = await sign();
    await verifyAccessToken({ token, secret, now: at(0) });
    // A character in the middle: the last one of a signature also holds bits that are thrown away.
    const index = token.length - 10;
    const tampered = `${token.slice(0, index)}${token[index] === 'A' ? 'B' : 'A'}${token.slice(index + 1)}`;
    await expect(verifyAccessToken({ token: tampered, secret, now: at(0) })).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('gives every caller its own copy of the claims', async () => {
    const { token } = await sign();
    const first = await verifyAccessToken({ token, secret, now: at(0) });
    first.userId = 'someone-else';
    expect(await verifyAccessToken({ token, secret, now: at(1) })).toEqual(claims);
  });
});
