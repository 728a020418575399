import { foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from '../../db/columns';
import { users } from '../users/users.table';

/** One signed-in device: a family of refresh tokens that rotate on every use. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    userAgent: text('user_agent'),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
    revokedAt: instant('revoked_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);

/** Refresh tokens are stored only as SHA-256 hashes; a used token stays to detect replays. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    sessionId: uuid('session_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('refresh_tokens_user_hash_idx').on(table.userId, table.tokenHash),
    foreignKey({
      name: 'refresh_tokens_session_fkey',
      columns: [table.userId, table.sessionId],
      foreignColumns: [authSessions.userId, authSessions.id],
    }).onDelete('cascade'),
  ],
);

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('email_verification_tokens_user_hash_idx').on(table.userId, table.tokenHash),
  ],
);

/**
 * Consecutive failed password checks of one account, or of one typed-in name that matches no
 * account (stored hashed, since people type passwords into the name field), shared by every API
 * process. A row only matters within its window; older rows are pruned as new failures come in.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    subject: text('subject').primaryKey(),
    failureCount: integer('failure_count').notNull(),
    lastFailedAt: instant('last_failed_at').notNull(),
  },
  (table) => [index('auth_failures_last_failed_at_idx').on(table.lastFailedAt)],
);
