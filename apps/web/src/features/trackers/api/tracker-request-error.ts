import { isHttpError, UserFacingError } from '../../../lib/errors';

/**
 * A refused write, told in the API's own words. A validation failure's headline is only "Invalid input";
 * its issues say what was wrong ("Value must be a valid number"), so those become the toast's message.
 */
export function toReadableError(error: unknown): unknown {
  if (!isHttpError(error) || error.code !== 'VALIDATION_FAILED' || error.issues.length === 0) return error;
  const messages = [...new Set(error.issues.map((issue) => issue.message))];
  return new UserFacingError(messages.join('. '));
}
