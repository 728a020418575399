import { z } from 'zod';

/** Stable machine-readable codes; clients branch on these, messages may be reworded freely. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'INVALID_TIMEZONE',
  'UNAUTHORIZED',
  'INVALID_TOKEN',
  'ACCESS_TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'EMAIL_NOT_VERIFIED',
  'INVALID_VERIFICATION_TOKEN',
  'VERIFICATION_TOKEN_EXPIRED',
  'EMAIL_VERIFICATION_DISABLED',
  'WRONG_PASSWORD',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_PARENT',
  'TOO_DEEP',
  'HAS_OPEN_SUBTASKS',
  'BATCH_DISABLED',
  'DAILY_LIMIT_REACHED',
  'PLAN_LIMIT_REACHED',
  'ACCOUNT_DISABLED',
  'REWARD_NOT_CLAIMABLE',
  'INVALID_PUSH_ENDPOINT',
  'PUSH_DELIVERY_FAILED',
  'RATE_LIMITED',
  'TOO_MANY_ATTEMPTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const validationIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  code: z.string().optional(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** The one error shape every endpoint answers with. */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: errorCodeSchema,
  detail: z.string().optional(),
  issues: z.array(validationIssueSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Default text of a validation failure (spec section 8). */
export const INVALID_INPUT_MESSAGE = 'Invalid input';

/** Texts of the 401 answers (spec section 8); clients branch on the codes, never on these texts. */
export const authErrorMessages = {
  unauthorized: 'Unauthorized',
  invalidToken: 'Invalid token',
  accessTokenExpired: 'Access token expired',
} as const;
