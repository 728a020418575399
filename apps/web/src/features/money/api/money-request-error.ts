import { INVALID_INPUT_MESSAGE } from '@cairn/contracts/errors';
import { isHttpError, UserFacingError } from '../../../lib/errors';

/**
 * A refused write, told in the API's own words. A validation failure's headline is only "Invalid input";
 * its issues say what was wrong ("Amount must be greater than 0"), so those become the message.
 */
export function toReadableError(error: unknown): unknown {
  if (!isHttpError(error) || error.code !== 'VALIDATION_FAILED' || error.issues.length === 0) return error;
  if (error.body?.detail || (error.body?.error && error.body.error !== INVALID_INPUT_MESSAGE)) return error;
  const messages = [...new Set(error.issues.map((issue) => issue.message))];
  return new UserFacingError(messages.join('. '));
}

/** Runs a request; a refusal is rethrown with a message a user can act on (see toReadableError). */
export async function withReadableErrors<Result>(request: Promise<Result>): Promise<Result> {
  try {
    return await request;
  } catch (error) {
    throw toReadableError(error);
  }
}

/** The API refused because the entry still has transactions (deleting an account or category). */
export function isStillInUse(error: unknown): boolean {
  return isHttpError(error) && error.status === 409;
}
