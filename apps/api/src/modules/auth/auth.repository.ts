import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, emailVerificationTokens, refreshTokens } from './auth.table';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type AuthSessionRow = typeof authSessions.$inferSelect;

export async function insertSession(
  db: Db,
  values: { userId: string; userAgent: string | undefined },
): Promise<AuthSessionRow> {
  const [row] = await db
    .insert(authSessions)
    .values({ userId: values.userId, userAgent: values.userAgent?.slice(0, 500) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function findActiveSession(
  db: Db,
  options: { userId: string; sessionId: string },
): Promise<AuthSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, options.userId),
        eq(authSessions.id, options.sessionId),
        isNull(authSessions.revokedAt),
      ),
    );
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
