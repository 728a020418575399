import type { ErrorCode, ValidationIssue } from '@cairn/contracts/errors';

/** The HTTP status of every error code, in one place. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_TIMEZONE: 400,
  UNAUTHORIZED: 401,
  INVALID_TOKEN: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_VERIFICATION_TOKEN: 400,
  VERIFICATION_TOKEN_EXPIRED: 400,
  EMAIL_VERIFICATION_DISABLED: 409,
  WRONG_PASSWORD: 400,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_PARENT: 400,
  TOO_DEEP: 400,
  HAS_OPEN_SUBTASKS: 409,
  BATCH_DISABLED: 409,
  DAILY_LIMIT_REACHED: 409,
  PLAN_LIMIT_REACHED: 402,
  ACCOUNT_DISABLED: 403,
  REWARD_NOT_CLAIMABLE: 409,
  INVALID_PUSH_ENDPOINT: 400,
  PUSH_DELIVERY_FAILED: 502,
  RATE_LIMITED: 429,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  readonly issues: ValidationIssue[] | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { detail?: string; issues?: ValidationIssue[] } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.detail = options.detail;
    this.issues = options.issues;
  }
}

/** Another user's row and a missing row answer alike, so ids leak nothing. */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}
