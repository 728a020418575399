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

/** Throws the exact 401 texts the web client branches on (spec section 8). */
export async function verifyAccessToken(options: {
  token: string;
  secret: Uint8Array;
  now: Date;
}): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(options.token, options.secret, {
      algorithms: ['HS256'],
      currentDate: options.now,
      clockTolerance: 0,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('missing claims');
    return { userId: payload.sub, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new AppError('ACCESS_TOKEN_EXPIRED', authErrorMessages.accessTokenExpired);
    }
    throw new AppError('INVALID_TOKEN', authErrorMessages.invalidToken);
  }
}
