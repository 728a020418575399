import { z } from 'zod';
import { instantSchema, textSchema } from './common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;

export const passwordMessages = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be at most 100 characters long',
  tooWeak:
    'Password must contain at least 8 characters, 1 uppercase letter, 1 lowercase letter, 1 number and 1 special character',
} as const;

/** Spec section 5: length first, then character classes, each with its own message. */
export const passwordSchema = textSchema()
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
  .refine(
    (value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value),
    passwordMessages.tooWeak,
  );

export const usernameSchema = textSchema({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(100, 'Username is too long')
  // Sign-in reads an identifier with "@" as an e-mail address, so a username must not look like one.
  .refine((value) => !value.includes('@'), 'Username cannot contain "@"');

export const emailSchema = z.email({ error: 'Invalid email address' }).max(254, 'Invalid email address');

export const signupBodySchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const tokenSchema = z.object({ token: z.string(), expiresAt: instantSchema });
export type Token = z.infer<typeof tokenSchema>;

export const tokenPairSchema = z.object({ accessToken: tokenSchema, refreshToken: tokenSchema });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Tokens are left out while the new account still has to verify its e-mail address. */
export const signupResponseSchema = z.object({
  accessToken: tokenSchema.optional(),
  refreshToken: tokenSchema.optional(),
  requiresEmailVerification: z.boolean(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** `username` accepts the username or the e-mail address. */
export const loginBodySchema = z.strictObject({
  username: textSchema().trim().min(1, 'Username is required').max(254),
  password: textSchema().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const refreshBodySchema = z.strictObject({ refreshToken: textSchema().min(1).max(200) });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const logoutBodySchema = refreshBodySchema;

export const verifyEmailBodySchema = z.strictObject({ token: textSchema().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** Verifying signs the user in, so the link in the e-mail lands them in the app. */
export const verifyEmailResponseSchema = tokenPairSchema.extend({ success: z.literal(true) });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const resendVerificationBodySchema = z.strictObject({ email: emailSchema });
