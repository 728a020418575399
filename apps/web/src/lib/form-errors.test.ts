import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './errors';
import { setServerFieldErrors } from './form-errors';

function refusal(issues: { path: (string | number)[]; message: string }[]) {
  return new HttpError({
    status: 400,
    statusText: 'Bad Request',
    body: { error: 'Invalid input', code: 'VALIDATION_FAILED', issues },
  });
}

describe('setServerFieldErrors', () => {
  it('shows an issue beside the field it names, past the part of the request it is in', () => {
    const setError = vi.fn();
    const shown = setServerFieldErrors(
      setError,
      refusal([
        { path: ['body', 'workDayEnd'], message: 'Work day must end after it starts' },
        { path: ['username'], message: 'Username is too long' },
      ]),
      { fields: ['workDayEnd', 'username'] },
    );
    expect(shown).toBe(true);
    expect(setError).toHaveBeenCalledWith('workDayEnd', {
      type: 'server',
      message: 'Work day must end after it starts',
    });
    expect(setError).toHaveBeenCalledWith('username', { type: 'server', message: 'Username is too long' });
  });

  it('leaves issues about other fields to the caller', () => {
    const setError = vi.fn();
    const shown = setServerFieldErrors(setError, refusal([{ path: ['body', 'other'], message: 'No' }]), {
      fields: ['workDayEnd'],
    });
    expect(shown).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
