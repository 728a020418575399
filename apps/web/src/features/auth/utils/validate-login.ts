/**
 * The login form's checks, the same as the contract's `loginBodySchema` with the same first message
 * per field, written out so the login page does not load a schema library (validate-login.test.ts
 * compares the two).
 */
export interface LoginValues {
  username: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

const USERNAME_MAX_LENGTH = 254;
const PASSWORD_MAX_LENGTH = 100;
const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_MESSAGE = 'Must not contain NUL or unpaired surrogate characters';

function isStorableText(value: string): boolean {
  return !value.includes(NUL) && !LONE_SURROGATE.test(value);
}

function checkUsername(value: string): string | undefined {
  if (!isStorableText(value)) return UNSTORABLE_MESSAGE;
  const trimmed = value.trim();
  if (trimmed.length < 1) return 'Username is required';
  if (trimmed.length > USERNAME_MAX_LENGTH) {
    return `Too big: expected string to have <=${USERNAME_MAX_LENGTH} characters`;
  }
  return undefined;
}

function checkPassword(value: string): string | undefined {
  if (!isStorableText(value)) return UNSTORABLE_MESSAGE;
  if (value.length < 1) return 'Password is required';
  if (value.length > PASSWORD_MAX_LENGTH) return 'Password must be at most 100 characters long';
  return undefined;
}

export type LoginValidation = { ok: true; body: LoginValues } | { ok: false; errors: LoginErrors };

/** The body to send (the username trimmed), or the first problem of each field. */
export function validateLogin(values: LoginValues): LoginValidation {
  const errors: LoginErrors = {};
  const username = checkUsername(values.username);
  const password = checkPassword(values.password);
  if (username) errors.username = username;
  if (password) errors.password = password;
  if (username || password) return { ok: false, errors };
  return { ok: true, body: { username: values.username.trim(), password: values.password } };
}
