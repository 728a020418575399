import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/errors';
import { serverFieldErrors, serverMessage } from './server-field-errors';

const refusal = new HttpError({
  status: 400,
  statusText: 'Bad Request',
  body: {
    code: 'VALIDATION_FAILED',
    error: 'Invalid input',
    issues: [
      { path: ['body', 'lowerBoundary'], message: 'Lower boundary must be a valid number' },
      { path: ['name'], message: 'Name is required' },
      { path: ['name'], message: 'second message for the same field' },
      { path: ['body', 'unknown'], message: 'Not a field of the form' },
    ],
  },
});

describe('serverFieldErrors', () => {
  it('maps each issue to its field, the first message winning', () => {
    expect(serverFieldErrors(refusal, ['name', 'lowerBoundary', 'note'])).toEqual({
      name: 'Name is required',
      lowerBoundary: 'Lower boundary must be a valid number',
    });
  });

  it('maps nothing from an error that is no API refusal', () => {
    expect(serverFieldErrors(new Error('offline'), ['name'])).toEqual({});
  });
});

describe('serverMessage', () => {
  it('prefers an issue’s words over the headline', () => {
    expect(serverMessage(refusal, 'fallback')).toBe('Lower boundary must be a valid number');
  });

  it('uses a conflict’s message', () => {
    const conflict = new HttpError({
      status: 409,
      statusText: 'Conflict',
      body: { code: 'CONFLICT', error: 'A calculated tracker cannot take logs' },
    });
    expect(serverMessage(conflict, 'fallback')).toBe('A calculated tracker cannot take logs');
  });
});
