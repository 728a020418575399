import { createHash } from 'node:crypto';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import * as repository from './auth.repository';

/** Consecutive failed password checks an account allows before it is locked for the window. */
export const MAX_PASSWORD_FAILURES = 5;
export const PASSWORD_FAILURE_WINDOW_MS = 15 * 60_000;

/** The account's counter, shared by sign-in, password change and account deletion. */
export function accountSubject(userId: string): string {
  return `user:${userId}`;
}

/**
 * A name that matches no account is limited exactly like an account, so the answers never tell
 * whether it exists. It is stored hashed: people sometimes type their password into that field.
 */
export function unknownLoginSubject(login: string): string {
  return `login:${createHash('sha256').update(login.toLowerCase()).digest('base64url')}`;
}

function tooManyAttempts(retryAt: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  return new AppError(
    'TOO_MANY_ATTEMPTS',
    `Too many failed attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}

/**
 * Runs a password check under the per-account limit. The attempt is counted before the check,
 * so guesses sent in parallel cannot all slip in before the first failure is written; a
 * successful check clears the count again. Throws TOO_MANY_ATTEMPTS (even for the right
 * password) while the subject is locked.
 */
export async function checkPasswordWithinLimit(
  ctx: AppContext,
  options: { subject: string; check: () => Promise<boolean> },
): Promise<boolean> {
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - PASSWORD_FAILURE_WINDOW_MS);
  await repository.deleteStalePasswordAttempts(ctx.db, windowStart);
  const counted = await repository.countPasswordAttempt(ctx.db, {
    subject: options.subject,
    at: now,
    windowStart,
    limit: MAX_PASSWORD_FAILURES,
  });
  if (counted.failureCount > MAX_PASSWORD_FAILURES) {
    throw tooManyAttempts(new Date(counted.lastFailedAt.getTime() + PASSWORD_FAILURE_WINDOW_MS), now);
  }
  const isValid = await options.check();
  if (isValid) await repository.deletePasswordAttempts(ctx.db, options.subject);
  return isValid;
}
