import { authErrorMessages } from '@cairn/contracts/errors';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error';

export type AccessTokenClaims = { userId: string; sessionId: string };

export async function signAccessToken(options: {
  claims: AccessTokenClaims;
  secret: Uint8Array;
  now: Date;
  ttlSeconds: number;
}): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const expiresAt = issuedAt + options.ttlSeconds;
  const token = await new SignJWT({ sid: options.claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(options.claims.userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(options.secret);
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** A token whose signature checked out: only its time claims can change their verdict. */
type VerifiedToken = {
  claims: AccessTokenClaims;
  notBefore: number | undefined;
  expiresAt: number | undefined;
};

/** Bounded, so a stream of new tokens cannot grow it without limit. */
export const MAX_VERIFIED_TOKENS = 10_000;
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

function verifiedTokensOf(secret: Uint8Array): Map<string, VerifiedToken> {
  let tokens = verifiedTokens.get(secret);
  if (!tokens) {
    tokens = new Map();
    verifiedTokens.set(secret, tokens);
  }
  return tokens;
}

/** The time checks jose makes (no clock tolerance), for a token whose signature is already known good. */
function checkTimes(token: VerifiedToken, now: Date): AccessTokenClaims {
  const seconds = Math.floor(now.getTime() / 1000);
  if (token.notBefore !== undefined && token.notBefore > seconds) {
    throw new AppError('INVALID_TOKEN', authErrorMessages.invalidToken);
  }
  if (token.expiresAt !== undefined && token.expiresAt <= seconds) {
    throw new AppError('ACCESS_TOKEN_EXPIRED', authErrorMessages.accessTokenExpired);
  }
  return { ...token.claims };
}

/**
 * Throws the exact 401 texts the web client branches on (spec section 8). A client sends the same
 * token with every request until it expires, and the same text under the same secret always has the
 * same signature, so each token's signature is checked once; its times are checked every time.
 */
export async function verifyAccessToken(options: {
  token: string;
  secret: Uint8Array;
  now: Date;
}): Promise<AccessTokenClaims> {
  const tokens = verifiedTokensOf(options.secret);
  const known = tokens.get(options.token);
  if (known) return checkTimes(known, options.now);
  let verified: VerifiedToken;
  try {
    const { payload } = await jwtVerify(options.token, options.secret, {
      algorithms: ['HS256'],
      currentDate: options.now,
      clockTolerance: 0,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('missing claims');
    verified = {
      claims: { userId: payload.sub, sessionId: payload.sid },
      notBefore: payload.nbf,
      expiresAt: payload.exp,
    };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new AppError('ACCESS_TOKEN_EXPIRED', authErrorMessages.accessTokenExpired);
    }
    throw new AppError('INVALID_TOKEN', authErrorMessages.invalidToken);
  }
  if (tokens.size >= MAX_VERIFIED_TOKENS) tokens.clear();
  tokens.set(options.token, verified);
  return verified.claims;
}
