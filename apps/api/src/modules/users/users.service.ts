import type { UpdateUserBody, User } from '@cairn/contracts/users';
import { type AppContext, inTransaction } from '../../lib/app-context';
import { AppError, notFound } from '../../lib/app-error';
import { findUniqueViolation } from '../../lib/db-errors';
import { currencyExists } from '../currencies/currencies.service';
import type { NewUserRow, UserRow } from './users.repository';
import * as repository from './users.repository';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    plan: row.plan,
    currency: row.currency,
    timezone: row.timezone,
    verifiedAt: row.verifiedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Unique-index clashes become the 409s a sign-up or profile form can show next to the field. */
function toClashError(error: unknown): unknown {
  const constraint = findUniqueViolation(error);
  if (constraint === 'users_username_lower_key') {
    return new AppError('USERNAME_TAKEN', 'This username is already taken');
  }
  if (constraint === 'users_email_lower_key') {
    return new AppError('EMAIL_TAKEN', 'An account with this e-mail address already exists');
  }
  return error;
}

export async function createUser(ctx: AppContext, values: NewUserRow): Promise<UserRow> {
  try {
    return await repository.insertUser(ctx.db, values);
  } catch (error) {
    throw toClashError(error);
  }
}

/** Only inside the sign-up's transaction (see the repository). */
export function isFirstAccount(ctx: AppContext): Promise<boolean> {
  return repository.isFirstAccount(ctx.db);
}

export async function getUserRow(ctx: AppContext, options: { userId: string }): Promise<UserRow> {
  const row = await repository.findUserById(ctx.db, options.userId);
  if (!row) throw notFound('User');
  return row;
}

export async function getUser(ctx: AppContext, options: { userId: string }): Promise<User> {
  return toUser(await getUserRow(ctx, options));
}

export function findUserByLogin(ctx: AppContext, login: string) {
  return repository.findUserByLogin(ctx.db, login);
}

export function findUserByEmail(ctx: AppContext, email: string) {
  return repository.findUserByEmail(ctx.db, email);
}

export async function updateUser(
  ctx: AppContext,
  options: { userId: string; changes: UpdateUserBody },
): Promise<User> {
  const { changes } = options;
  if (changes.currency !== undefined && !(await currencyExists(ctx, changes.currency))) {
    throw new AppError('VALIDATION_FAILED', 'Unknown currency', {
      issues: [
        { path: ['body', 'currency'], message: `${changes.currency} is not an ISO 4217 currency code` },
      ],
    });
  }
  try {
    return await inTransaction(ctx, async (tx) => {
      const current = await getUserRow(tx, options);
      // A new e-mail address has not been verified yet.
      const isEmailChanged =
        changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
      const row = await repository.updateUser(tx.db, options.userId, {
        ...changes,
        ...(isEmailChanged && tx.config.requireEmailVerification ? { verifiedAt: null } : {}),
      });
      if (!row) throw notFound('User');
      return toUser(row);
    });
  } catch (error) {
    throw toClashError(error);
  }
}

export async function setUserPassword(ctx: AppContext, options: { userId: string; passwordHash: string }) {
  await repository.updateUser(ctx.db, options.userId, { password: options.passwordHash });
}

/** Every account, newest first: for administrators only. */
export function findUserPage(
  ctx: AppContext,
  options: { search: string | undefined; after: [string, string] | undefined; limit: number },
) {
  return repository.findUserPage(ctx.db, options);
}

export function countUsers(ctx: AppContext, options: { search: string | undefined }): Promise<number> {
  return repository.countUsers(ctx.db, options);
}

/** Only for administrators (admin.service.ts), who may grant or take back the role. */
export async function setUserAdmin(ctx: AppContext, options: { userId: string; isAdmin: boolean }) {
  if (!(await repository.updateUser(ctx.db, options.userId, { isAdmin: options.isAdmin })))
    throw notFound('User');
}

/** Only with the sessions revoked in the same transaction (admin.service.ts). */
export async function setUserDisabledAt(
  ctx: AppContext,
  options: { userId: string; disabledAt: Date | null },
) {
  if (!(await repository.updateUser(ctx.db, options.userId, { disabledAt: options.disabledAt }))) {
    throw notFound('User');
  }
}

/** Only for plans/change-user-plan.ts, the single place a plan changes. */
export async function setUserPlan(ctx: AppContext, options: { userId: string; plan: UserRow['plan'] }) {
  return Boolean(await repository.updateUser(ctx.db, options.userId, { plan: options.plan }));
}

export async function markUserVerified(ctx: AppContext, options: { userId: string }) {
  await repository.updateUser(ctx.db, options.userId, { verifiedAt: ctx.clock.now() });
}

export async function deleteUser(ctx: AppContext, options: { userId: string }): Promise<void> {
  if (!(await repository.deleteUser(ctx.db, options.userId))) throw notFound('User');
}

/** The zone that decides "today": the request's header first, then the profile's setting. */
export async function resolveTimeZone(
  ctx: AppContext,
  options: { userId: string; requestTimeZone: string | undefined },
): Promise<string> {
  if (options.requestTimeZone) return options.requestTimeZone;
  return (await getUserRow(ctx, options)).timezone;
}
