import { describe, expect, it } from 'vitest';
import { HttpError, UserFacingError } from '../../../lib/errors';
import { isStillInUse, toReadableError } from './money-request-error';

const httpError = (status: number, body: ConstructorParameters<typeof HttpError>[0]['body']) =>
  new HttpError({ status, statusText: '', body });

describe('toReadableError', () => {
  it('tells a validation failure by its issues rather than "Invalid input"', () => {
    const error = toReadableError(
      httpError(400, {
        code: 'VALIDATION_FAILED',
        error: 'Invalid input',
        issues: [
          { path: ['body', 'amount'], message: 'Amount must be greater than 0' },
          { path: ['body', 'amountTo'], message: 'Amount must be greater than 0' },
          { path: ['body', 'note'], message: 'Note must be 1000 characters or less' },
        ],
      }),
    );
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as Error).message).toBe(
      'Amount must be greater than 0. Note must be 1000 characters or less',
    );
  });

  it('keeps an error whose own message already says what went wrong', () => {
    const transfer = httpError(400, {
      code: 'VALIDATION_FAILED',
      error: 'Transfer requires a different destination account',
      issues: [{ path: ['body', 'accountToId'], message: 'x' }],
    });
    expect(toReadableError(transfer)).toBe(transfer);
    const missing = httpError(404, { code: 'NOT_FOUND', error: 'Account not found' });
    expect(toReadableError(missing)).toBe(missing);
  });
});

describe('isStillInUse', () => {
  it('is the 409 of an account or category that still has transactions', () => {
    expect(isStillInUse(httpError(409, { code: 'CONFLICT', error: 'It has transactions' }))).toBe(true);
    expect(isStillInUse(httpError(404, { code: 'NOT_FOUND', error: 'Not found' }))).toBe(false);
    expect(isStillInUse(new Error('offline'))).toBe(false);
  });
});
