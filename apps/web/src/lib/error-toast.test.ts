import { userSchema } from '@cairn/contracts/users';
import { describe, expect, it } from 'vitest';
import { getErrorToastMessage } from './error-toast';
import { HttpError, SchemaValidationError, SessionEndedError, UserFacingError } from './errors';

const fallback = 'Could not fetch task manager config';

function httpError(status: number, statusText: string, body?: Record<string, string>) {
  return new HttpError({ status, statusText, body });
}

describe('getErrorToastMessage (spec section 8)', () => {
  it.each([
    [
      'an application error shows its own text',
      new UserFacingError('Invalid recurrence rule'),
      'Invalid recurrence rule',
    ],
    [
      'an HTTP error shows the detail first',
      httpError(400, 'Bad Request', { error: 'Invalid input', detail: 'dailyLimit must be at most 1000' }),
      'dailyLimit must be at most 1000',
    ],
    [
      'then the error text',
      httpError(401, 'Unauthorized', { error: 'Invalid credentials' }),
      'Invalid credentials',
    ],
    [
      'then the fallback with status and message',
      httpError(500, 'Internal Server Error'),
      `${fallback} (500 Internal Server Error)`,
    ],
    ['with the status alone when there is no message', httpError(502, ''), `${fallback} (502)`],
    ['a network failure shows only the fallback', new TypeError('Failed to fetch'), fallback],
    ['any other error shows its own message', new Error('Quota reached'), 'Quota reached'],
    ['a thrown non-error shows the fallback', 'boom', fallback],
  ])('%s', (_case, error, expected) => {
    expect(getErrorToastMessage(error, fallback)).toBe(expected);
  });

  it.each([
    ['schema-validation errors', new SchemaValidationError('GET /x', [{ path: ['a'], message: 'Required' }])],
    ['zod errors', userSchema.safeParse({}).error],
    ['an ended session (the login page explains itself)', new SessionEndedError('gone')],
    ['an aborted request', new DOMException('The operation was aborted.', 'AbortError')],
  ])('shows no toast for %s', (_case, error) => {
    expect(getErrorToastMessage(error, fallback)).toBeNull();
  });
});
