import { loginBodySchema } from '@cairn/contracts/auth';
import { describe, expect, it } from 'vitest';
import { type LoginValidation, type LoginValues, validateLogin } from './validate-login';

/** What the contract says, in the same shape: the first message of each field. */
function validateWithContract(values: LoginValues): LoginValidation {
  const result = loginBodySchema.safeParse(values);
  if (result.success) return { ok: true, body: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const cases: [string, LoginValues][] = [
  ['a valid pair', { username: 'alice', password: 'secret' }],
  ['a username with spaces around it', { username: '  alice  ', password: 'secret' }],
  ['an e-mail address', { username: 'alice@example.com', password: 'x' }],
  ['both empty', { username: '', password: '' }],
  ['a username of spaces', { username: '   ', password: 'secret' }],
  ['an empty password', { username: 'alice', password: '' }],
  ['a password of spaces', { username: 'alice', password: '   ' }],
  ['the longest username', { username: 'a'.repeat(254), password: 'secret' }],
  ['a username one too long', { username: 'a'.repeat(255), password: 'secret' }],
  ['a long username with spaces around it', { username: ` ${'a'.repeat(254)} `, password: 'secret' }],
  ['the longest password', { username: 'alice', password: 'p'.repeat(100) }],
  ['a password one too long', { username: 'alice', password: 'p'.repeat(101) }],
  ['a NUL in the username', { username: 'al\u0000ice', password: 'secret' }],
  ['a lone surrogate in the password', { username: 'alice', password: 'se\ud800cret' }],
  ['an emoji password', { username: 'alice', password: '🔑🔑' }],
  ['a NUL-only username and an overlong password', { username: '\u0000', password: 'p'.repeat(101) }],
];

describe('validateLogin', () => {
  it.each(cases)('agrees with the contract on %s', (_name, values) => {
    expect(validateLogin(values)).toEqual(validateWithContract(values));
  });

  it('asks for both fields on an empty form', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      ok: false,
      errors: { username: 'Username is required', password: 'Password is required' },
    });
  });
});
