import type { LoginBody, SignupBody, SignupResponse, TokenPair } from '@cairn/contracts/auth';
import { authErrorMessages } from '@cairn/contracts/errors';
import type { UpdateUserBody, User, UserSession } from '@cairn/contracts/users';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { deleteAllAttachmentFiles } from '../attachments/attachments-cleanup';
import { createDefaultColumns } from '../columns/columns.service';
import { createDefaultTaskManagerConfig } from '../task-manager-config/task-manager-config.service';
import * as users from '../users/users.service';
import { type AccessTokenClaims, signAccessToken, verifyAccessToken } from './access-tokens';
import * as repository from './auth.repository';
import { createOpaqueToken, parseOpaqueToken } from './opaque-tokens';
import { accountSubject, checkPasswordWithinLimit, unknownLoginSubject } from './password-attempts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { buildVerificationEmail } from './verification-email';

type UserRow = Awaited<ReturnType<typeof users.getUserRow>>;
type NewUserRow = Parameters<typeof users.createUser>[1];

const DAY_MS = 86_400_000;
const VERIFICATION_TOKEN_TTL_MS = DAY_MS;
/** How long a just-rotated refresh token still counts as a simultaneous request, not a copy. */
const REFRESH_REUSE_GRACE_MS = 10_000;

const invalidRefreshToken = () =>
  new AppError('INVALID_REFRESH_TOKEN', 'Your session has ended, please sign in again');
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid credentials');
const wrongPassword = () => new AppError('WRONG_PASSWORD', 'The password is incorrect');
const accountDisabled = () => new AppError('ACCOUNT_DISABLED', 'This account has been disabled');

/** A new refresh token in the given session, plus a fresh access token bound to it. */
async function issueTokens(ctx: AppContext, claims: AccessTokenClaims): Promise<TokenPair> {
  const now = ctx.clock.now();
  const refresh = createOpaqueToken(claims.userId);
  const refreshExpiresAt = new Date(now.getTime() + ctx.config.refreshTokenTtlDays * DAY_MS);
  await repository.insertRefreshToken(ctx.db, {
    userId: claims.userId,
    sessionId: claims.sessionId,
    tokenHash: refresh.hash,
    expiresAt: refreshExpiresAt,
  });
  const access = await signAccessToken({
    claims,
    secret: ctx.jwtSecret,
    now,
    ttlSeconds: ctx.config.accessTokenTtlSeconds,
  });
  return { accessToken: access, refreshToken: { token: refresh.token, expiresAt: refreshExpiresAt } };
}

async function startSession(
  ctx: AppContext,
  options: { userId: string; userAgent: string | undefined },
): Promise<TokenPair> {
  const session = await repository.insertSession(ctx.db, { ...options, at: ctx.clock.now() });
  return issueTokens(ctx, { userId: options.userId, sessionId: session.id });
}

/** Replaces any earlier verification token of the user with a new one (24 h). */
async function issueVerificationToken(ctx: AppContext, userId: string): Promise<string> {
  const { token, hash } = createOpaqueToken(userId);
  await repository.deleteVerificationTokens(ctx.db, userId);
  await repository.insertVerificationToken(ctx.db, {
    userId,
    tokenHash: hash,
    expiresAt: new Date(ctx.clock.now().getTime() + VERIFICATION_TOKEN_TTL_MS),
  });
  return token;
}

async function mailVerificationLink(
  ctx: AppContext,
  options: { user: { email: string; username: string }; token: string },
) {
  if (!ctx.mailer) throw new AppError('EMAIL_VERIFICATION_DISABLED', 'E-mail verification is not enabled');
  try {
    await ctx.mailer.send(
      buildVerificationEmail({
        to: options.user.email,
        username: options.user.username,
        publicUrl: ctx.config.publicUrl,
        token: options.token,
      }),
    );
  } catch (error) {
    // The mail server's own words go to the log only: they name hosts, ports and addresses.
    const unavailable = new AppError(
      'SERVICE_UNAVAILABLE',
      'The verification e-mail could not be sent, please try again later',
    );
    unavailable.cause = error;
    throw unavailable;
  }
}

/** The account with its settings and default board; run inside the caller's transaction. */
async function createAccount(
  tx: AppContext,
  values: Pick<NewUserRow, 'username' | 'email' | 'password' | 'isAdmin' | 'verifiedAt' | 'timezone'>,
): Promise<UserRow> {
  const user = await users.createUser(tx, { ...values, plan: tx.config.defaultPlan });
  await createDefaultTaskManagerConfig(tx, { userId: user.id });
  await createDefaultColumns(tx, { userId: user.id });
  return user;
}

/**
 * Creates the account with its settings and default board in one transaction. When e-mail
 * verification is on, the mail goes out after the commit (no transaction waits on SMTP), and a
 * failed send removes the account again, so nothing is left half-made.
 */
export async function signup(
  ctx: AppContext,
  options: { body: SignupBody; userAgent: string | undefined; requestTimeZone: string | undefined },
): Promise<SignupResponse> {
  const passwordHash = await hashPassword(options.body.password);
  const requiresEmailVerification = ctx.config.requireEmailVerification;
  const created = await inTransaction(ctx, async (tx) => {
    const user = await createAccount(tx, {
      username: options.body.username,
      email: options.body.email,
      password: passwordHash,
      // The instance's first account administers it; it can make others admin later.
      isAdmin: await users.isFirstAccount(tx),
      // The browser's zone (already checked by the request context) becomes the profile's, for the work
      // done with no browser behind it; without one the column's default, UTC, stays.
      ...(options.requestTimeZone && { timezone: options.requestTimeZone }),
    });
    if (requiresEmailVerification)
      return { user, verificationToken: await issueVerificationToken(tx, user.id) };
    return { user, tokens: await startSession(tx, { userId: user.id, userAgent: options.userAgent }) };
  });
  if (!created.verificationToken) return { ...created.tokens, requiresEmailVerification };
  try {
    await mailVerificationLink(ctx, { user: created.user, token: created.verificationToken });
  } catch (error) {
    await users.deleteUser(ctx, { userId: created.user.id });
    throw error;
  }
  return { requiresEmailVerification };
}

export async function login(
  ctx: AppContext,
  options: { body: LoginBody; userAgent: string | undefined },
): Promise<TokenPair> {
  const user = await users.findUserByLogin(ctx, options.body.username);
  const isValid = await checkPasswordWithinLimit(ctx, {
    subject: user ? accountSubject(user.id) : unknownLoginSubject(options.body.username),
    check: () =>
      user ? verifyPassword(user.password, options.body.password) : verifyAgainstDummy(options.body.password),
  });
  if (!user || !isValid) throw invalidCredentials();
  // Only after the password: a wrong one learns nothing about the account.
  if (user.disabledAt) throw accountDisabled();
  if (ctx.config.requireEmailVerification && !user.verifiedAt) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Confirm your e-mail address first: follow the link we sent you',
    );
  }
  return inTransaction(ctx, (tx) => startSession(tx, { userId: user.id, userAgent: options.userAgent }));
}

/**
 * Rotates the refresh token. Presenting one that was already rotated means it was copied:
 * the whole session is revoked, so the thief and the owner both have to sign in again. Only
 * within a few seconds of its rotation is it taken as the same client asking twice at once
 * (two tabs, a retried request), which gets another pair for the same session.
 */
export async function refresh(ctx: AppContext, options: { refreshToken: string }): Promise<TokenPair> {
  const parsed = parseOpaqueToken(options.refreshToken);
  if (!parsed) throw invalidRefreshToken();
  const outcome = await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const row = await repository.findRefreshToken(tx.db, { userId: parsed.userId, tokenHash: parsed.hash });
    if (!row) return 'invalid' as const;
    // Disabling revoked the sessions too; this says why to the holder of a genuine token.
    if ((await users.getUserRow(tx, { userId: row.userId })).disabledAt) return 'disabled' as const;
    const session = await repository.findActiveSession(tx.db, {
      userId: row.userId,
      sessionId: row.sessionId,
    });
    if (!session) return 'invalid' as const;
    const isFresh =
      row.usedAt === null &&
      (await repository.claimRefreshToken(tx.db, {
        userId: row.userId,
        tokenId: row.id,
        at: now,
      }));
    if (!isFresh) {
      // A claim lost to a simultaneous request: read the time the winner rotated it.
      const usedAt =
        row.usedAt ??
        (await repository.findRefreshToken(tx.db, { userId: parsed.userId, tokenHash: parsed.hash }))?.usedAt;
      // Only the latest rotation has the grace window: a token whose successor was used in turn is
      // a copy someone kept, whenever it comes back.
      const isJustRotated =
        usedAt &&
        now.getTime() - usedAt.getTime() < REFRESH_REUSE_GRACE_MS &&
        !(await repository.hasRotatedSince(tx.db, {
          userId: row.userId,
          sessionId: row.sessionId,
          since: usedAt,
        }));
      if (!isJustRotated) {
        await repository.revokeSession(tx.db, { userId: row.userId, sessionId: row.sessionId, at: now });
        return 'reused' as const;
      }
    }
    if (row.expiresAt <= now) return 'invalid' as const;
    await repository.touchSession(tx.db, { userId: row.userId, sessionId: row.sessionId, at: now });
    return issueTokens(tx, { userId: row.userId, sessionId: row.sessionId });
  });
  if (outcome === 'disabled') throw accountDisabled();
  if (outcome === 'invalid' || outcome === 'reused') throw invalidRefreshToken();
  return outcome;
}

/** Ends the session the refresh token belongs to; an unknown token is already "logged out". */
export async function logout(ctx: AppContext, options: { refreshToken: string }): Promise<void> {
  const parsed = parseOpaqueToken(options.refreshToken);
  if (!parsed) return;
  const row = await repository.findRefreshToken(ctx.db, { userId: parsed.userId, tokenHash: parsed.hash });
  if (!row) return;
  await repository.revokeSession(ctx.db, {
    userId: row.userId,
    sessionId: row.sessionId,
    at: ctx.clock.now(),
  });
}

/** Confirms the address and signs the user in, so the link in the mail lands them in the app. */
export async function verifyEmail(
  ctx: AppContext,
  options: { token: string; userAgent: string | undefined },
): Promise<TokenPair> {
  const invalid = () =>
    new AppError('INVALID_VERIFICATION_TOKEN', 'This verification link is invalid or has already been used');
  const parsed = parseOpaqueToken(options.token);
  if (!parsed) throw invalid();
  return inTransaction(ctx, async (tx) => {
    const row = await repository.findVerificationToken(tx.db, {
      userId: parsed.userId,
      tokenHash: parsed.hash,
    });
    if (!row) throw invalid();
    if ((await users.getUserRow(tx, { userId: row.userId })).disabledAt) throw accountDisabled();
    if (row.expiresAt <= tx.clock.now()) {
      throw new AppError(
        'VERIFICATION_TOKEN_EXPIRED',
        'This verification link has expired, ask for a new one',
      );
    }
    await users.markUserVerified(tx, { userId: row.userId });
    await repository.deleteVerificationTokens(tx.db, row.userId);
    return startSession(tx, { userId: row.userId, userAgent: options.userAgent });
  });
}

/** Answers the same whether or not the address has an account, so it reveals none. */
export async function resendVerificationEmail(ctx: AppContext, options: { email: string }): Promise<void> {
  if (!ctx.config.requireEmailVerification || !ctx.mailer) {
    throw new AppError('EMAIL_VERIFICATION_DISABLED', 'E-mail verification is not enabled on this server');
  }
  const user = await users.findUserByEmail(ctx, options.email);
  if (!user || user.verifiedAt) return;
  const token = await issueVerificationToken(ctx, user.id);
  await mailVerificationLink(ctx, { user, token });
}

/**
 * A profile change; a new e-mail address on a server that verifies addresses is unverified until
 * its owner opens the link mailed to it, so the link goes out with the change.
 */
export async function updateProfile(
  ctx: AppContext,
  options: { userId: string; changes: UpdateUserBody },
): Promise<User> {
  // One transaction: when the mail cannot be sent, the address stays as it was.
  return inTransaction(ctx, async (tx) => {
    const user = await users.updateUser(tx, options);
    const isAwaitingVerification =
      options.changes.email !== undefined && user.verifiedAt === null && tx.config.requireEmailVerification;
    if (isAwaitingVerification && tx.mailer) {
      const token = await issueVerificationToken(tx, user.id);
      await mailVerificationLink(tx, { user, token });
    }
    return user;
  });
}

/** Checks a bearer token and that its session is still alive (not logged out or revoked). */
export async function authenticate(
  ctx: AppContext,
  options: { authorization: string | undefined },
): Promise<AccessTokenClaims> {
  const match = /^Bearer (\S+)$/i.exec(options.authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHORIZED', authErrorMessages.unauthorized);
  const claims = await verifyAccessToken({ token: match[1], secret: ctx.jwtSecret, now: ctx.clock.now() });
  const session = await repository.findActiveSession(ctx.db, claims);
  if (!session) throw new AppError('INVALID_TOKEN', authErrorMessages.invalidToken);
  return claims;
}

/** The devices signed in to the account; a session unused for longer than a refresh token lives has ended. */
export async function listSessions(
  ctx: AppContext,
  options: { userId: string; sessionId: string },
): Promise<UserSession[]> {
  const usedAfter = new Date(ctx.clock.now().getTime() - ctx.config.refreshTokenTtlDays * DAY_MS);
  const rows = await repository.findLiveSessions(ctx.db, { userId: options.userId, usedAfter });
  return rows.map((row) => ({ ...row, isCurrent: row.id === options.sessionId }));
}

/** Signs one device out: its access token stops working at its next request. */
export async function revokeUserSession(
  ctx: AppContext,
  options: { userId: string; sessionId: string },
): Promise<void> {
  if (!(await repository.revokeLiveSession(ctx.db, { ...options, at: ctx.clock.now() }))) {
    throw notFound('Session');
  }
}

/** Signs every device out, the caller's own included. */
export async function revokeAllUserSessions(ctx: AppContext, options: { userId: string }): Promise<void> {
  await repository.revokeAllSessions(ctx.db, { userId: options.userId, at: ctx.clock.now() });
}

/** Changing the password signs out every other device. */
export async function changePassword(
  ctx: AppContext,
  options: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await users.getUserRow(ctx, options);
  const isValid = await checkPasswordWithinLimit(ctx, {
    subject: accountSubject(user.id),
    check: () => verifyPassword(user.password, options.currentPassword),
  });
  if (!isValid) throw wrongPassword();
  const passwordHash = await hashPassword(options.newPassword);
  await inTransaction(ctx, async (tx) => {
    await users.setUserPassword(tx, { userId: options.userId, passwordHash });
    await repository.revokeOtherSessions(tx.db, {
      userId: options.userId,
      keepSessionId: options.sessionId,
      at: tx.clock.now(),
    });
  });
}

export async function deleteAccount(ctx: AppContext, options: { userId: string; password: string }) {
  const user = await users.getUserRow(ctx, options);
  const isValid = await checkPasswordWithinLimit(ctx, {
    subject: accountSubject(user.id),
    check: () => verifyPassword(user.password, options.password),
  });
  if (!isValid) throw wrongPassword();
  await users.deleteUser(ctx, options);
  // The rows went with the user; the files are not in the database.
  await deleteAllAttachmentFiles(ctx, options);
}

/**
 * For the server's operator (the admin command): makes the account with this username an
 * administrator, or creates it as one with the given password, its address taken as verified.
 */
export async function createOrPromoteAdmin(
  ctx: AppContext,
  options: { username: string; email: string; password: string },
): Promise<{ isCreated: boolean; user: UserRow }> {
  const existing = await users.findUserByLogin(ctx, options.username);
  if (existing) {
    await users.setUserAdmin(ctx, { userId: existing.id, isAdmin: true });
    return { isCreated: false, user: existing };
  }
  const passwordHash = await hashPassword(options.password);
  const user = await inTransaction(ctx, (tx) =>
    createAccount(tx, {
      username: options.username,
      email: options.email,
      password: passwordHash,
      isAdmin: true,
      verifiedAt: tx.clock.now(),
    }),
  );
  return { isCreated: true, user };
}

/** For the server's operator (the admin command): a new password, and every device signed out. */
export async function resetPassword(
  ctx: AppContext,
  options: { userId: string; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(options.password);
  await inTransaction(ctx, async (tx) => {
    await users.setUserPassword(tx, { userId: options.userId, passwordHash });
    await repository.revokeAllSessions(tx.db, { userId: options.userId, at: tx.clock.now() });
  });
}
