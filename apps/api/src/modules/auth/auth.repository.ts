import { and, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../lib/prepared-query';
import { authFailures, authSessions, emailVerificationTokens, refreshTokens } from './auth.table';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;

export async function insertSession(
  db: Db,
  values: { userId: string; userAgent: string | undefined; at: Date },
): Promise<AuthSessionRow> {
  const [row] = await db
    .insert(authSessions)
    .values({
      userId: values.userId,
      userAgent: values.userAgent?.slice(0, 500),
      createdAt: values.at,
      lastUsedAt: values.at,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * Every authenticated request runs it, and only asks whether the session is alive: the id alone,
 * since reading and decoding the whole row (its user agent, three timestamps) costs more than the lookup.
 */
const activeSessionQuery = preparedQuery((db) =>
  db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, sql.placeholder('userId')),
        eq(authSessions.id, sql.placeholder('sessionId')),
        isNull(authSessions.revokedAt),
      ),
    )
    .prepare('find_active_session'),
);

export async function findActiveSession(
  db: Db,
  options: { userId: string; sessionId: string },
): Promise<{ id: string } | undefined> {
  const [row] = await activeSessionQuery(db).execute({
    userId: options.userId,
    sessionId: options.sessionId,
  });
  return row;
}

export async function touchSession(db: Db, options: { userId: string; sessionId: string; at: Date }) {
  await db
    .update(authSessions)
    .set({ lastUsedAt: options.at })
    .where(and(eq(authSessions.userId, options.userId), eq(authSessions.id, options.sessionId)));
}

export async function revokeSession(db: Db, options: { userId: string; sessionId: string; at: Date }) {
  await db
    .update(authSessions)
    .set({ revokedAt: options.at })
    .where(
      and(
        eq(authSessions.userId, options.userId),
        eq(authSessions.id, options.sessionId),
        isNull(authSessions.revokedAt),
      ),
    );
}

/** Sessions neither revoked nor unused for longer than a refresh token lives, newest use first. */
export function findLiveSessions(db: Db, options: { userId: string; usedAfter: Date }) {
  return db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      createdAt: authSessions.createdAt,
      lastUsedAt: authSessions.lastUsedAt,
    })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, options.userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.lastUsedAt, options.usedAfter),
      ),
    )
    .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.id));
}

/** Revokes one live session; false when the user has no such session (or it already ended). */
export async function revokeLiveSession(
  db: Db,
  options: { userId: string; sessionId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: options.at })
    .where(
      and(
        eq(authSessions.userId, options.userId),
        eq(authSessions.id, options.sessionId),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

export async function revokeAllSessions(db: Db, options: { userId: string; at: Date }) {
  await db
    .update(authSessions)
    .set({ revokedAt: options.at })
    .where(and(eq(authSessions.userId, options.userId), isNull(authSessions.revokedAt)));
}

export async function revokeOtherSessions(
  db: Db,
  options: { userId: string; keepSessionId: string; at: Date },
) {
  await db
    .update(authSessions)
    .set({ revokedAt: options.at })
    .where(
      and(
        eq(authSessions.userId, options.userId),
        ne(authSessions.id, options.keepSessionId),
        isNull(authSessions.revokedAt),
      ),
    );
}

export async function insertRefreshToken(
  db: Db,
  values: { userId: string; sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(
  db: Db,
  options: { userId: string; tokenHash: string },
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, options.userId), eq(refreshTokens.tokenHash, options.tokenHash)));
  return row;
}

/** Whether the session rotated another refresh token after the given moment. */
export async function hasRotatedSince(
  db: Db,
  options: { userId: string; sessionId: string; since: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, options.userId),
        eq(refreshTokens.sessionId, options.sessionId),
        gt(refreshTokens.usedAt, options.since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Marks a token used only if nobody used it first; false means it was already rotated. */
export async function claimRefreshToken(
  db: Db,
  options: { userId: string; tokenId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: options.at })
    .where(
      and(
        eq(refreshTokens.userId, options.userId),
        eq(refreshTokens.id, options.tokenId),
        isNull(refreshTokens.usedAt),
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function insertVerificationToken(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerificationTokens).values(values);
}

export async function findVerificationToken(db: Db, options: { userId: string; tokenHash: string }) {
  const [row] = await db
    .select()
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.userId, options.userId),
        eq(emailVerificationTokens.tokenHash, options.tokenHash),
      ),
    );
  return row;
}

export async function deleteVerificationTokens(db: Db, userId: string): Promise<void> {
  await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}

/**
 * Counts one more password attempt of the subject in one statement, so API processes sharing
 * the database cannot both slip under the limit. A count whose last attempt is older than the
 * window starts over; past the limit the count and time stay put, so refused attempts do not
 * stretch the lockout. Answers the count including this attempt.
 */
export async function countPasswordAttempt(
  db: Db,
  options: { subject: string; at: Date; windowStart: Date; limit: number },
): Promise<{ failureCount: number; lastFailedAt: Date }> {
  const isStale = lte(authFailures.lastFailedAt, options.windowStart);
  const isOverLimit = gt(authFailures.failureCount, options.limit);
  const isAtLimit = sql`${authFailures.failureCount} >= ${options.limit}`;
  const [row] = await db
    .insert(authFailures)
    .values({ subject: options.subject, failureCount: 1, lastFailedAt: options.at })
    .onConflictDoUpdate({
      target: authFailures.subject,
      set: {
        failureCount: sql`case when ${isStale} then 1 when ${isOverLimit} then ${authFailures.failureCount}
          else ${authFailures.failureCount} + 1 end`,
        lastFailedAt: sql`case when ${isStale} or not ${isAtLimit} then excluded.last_failed_at
          else ${authFailures.lastFailedAt} end`,
      },
    })
    .returning({ failureCount: authFailures.failureCount, lastFailedAt: authFailures.lastFailedAt });
  if (!row) throw new Error('upsert returned no row');
  return row;
}

export async function deletePasswordAttempts(db: Db, subject: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.subject, subject));
}

/** Rows whose window has passed count for nothing; removing them keeps the table small. */
export async function deleteStalePasswordAttempts(db: Db, windowStart: Date): Promise<void> {
  await db.delete(authFailures).where(lte(authFailures.lastFailedAt, windowStart));
}
