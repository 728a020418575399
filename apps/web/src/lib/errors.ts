import type { ErrorCode, ErrorResponse, ValidationIssue } from '@cairn/contracts/errors';

/** An error the app raises on purpose, with a message written for the user. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/** The API answered with a non-2xx status. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly statusText: string;
  readonly body: Partial<ErrorResponse> | undefined;
  /** The parsed JSON as it came, with the fields some answers add (a 409's `current`); undefined if none. */
  readonly responseBody: unknown;

  constructor(options: {
    status: number;
    statusText: string;
    body: Partial<ErrorResponse> | undefined;
    responseBody?: unknown;
  }) {
    super(options.body?.error ?? `Request failed with status ${options.status}`);
    this.status = options.status;
    this.statusText = options.statusText;
    this.body = options.body;
    this.responseBody = options.responseBody;
  }

  get code(): ErrorCode | undefined {
    return this.body?.code;
  }

  get issues(): ValidationIssue[] {
    return this.body?.issues ?? [];
  }
}

/** A response did not match its contract; the data is still used, but the mismatch is reported. */
export class SchemaValidationError extends Error {
  override name = 'SchemaValidationError';
  readonly issues: readonly { path: PropertyKey[]; message: string }[];

  constructor(context: string, issues: readonly { path: PropertyKey[]; message: string }[]) {
    const summary = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    super(`Response of ${context} does not match its schema: ${summary}`);
    this.issues = issues;
  }
}

/** The session is over (no valid tokens left); the user is being sent to the login page. */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** Builds an HttpError from a failed response, keeping the API's error body when it has one. */
export async function httpErrorFrom(response: Response): Promise<HttpError> {
  const responseBody = await readJsonBody(response);
  return new HttpError({
    status: response.status,
    statusText: response.statusText,
    body: toErrorBody(responseBody),
    responseBody,
  });
}

/**
 * The contract's error codes (`errorCodes` in @cairn/contracts/errors, kept equal by errors.test.ts),
 * listed here because importing the contract would bring its schema library onto every page.
 */
export const knownErrorCodes: ReadonlySet<string> = new Set<ErrorCode>([
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
]);

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && knownErrorCodes.has(value);
}

function isValidationIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message, code } = value as Record<string, unknown>;
  return (
    Array.isArray(path) &&
    path.every((part) => typeof part === 'string' || typeof part === 'number') &&
    typeof message === 'string' &&
    (code === undefined || typeof code === 'string')
  );
}

/**
 * Lenient on purpose: an unknown code or a malformed field must not hide the rest of the error. Plain
 * checks rather than a schema, as failed requests are handled on every page, the login page included.
 */
export async function readErrorBody(response: Response): Promise<Partial<ErrorResponse> | undefined> {
  return toErrorBody(await readJsonBody(response));
}

/** The response's JSON, read from a copy so the response stays readable; undefined when it has none. */
async function readJsonBody(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}

function toErrorBody(body: unknown): Partial<ErrorResponse> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { error, code, detail, issues } = body as Record<string, unknown>;
  // A zod issue's path holds strings and numbers; the issues keep only those keys, as the schema did.
  const validIssues = Array.isArray(issues) && issues.every(isValidationIssue) ? issues : undefined;
  return {
    ...(typeof error === 'string' && { error }),
    ...(isErrorCode(code) && { code }),
    ...(typeof detail === 'string' && { detail }),
    ...(validIssues !== undefined && {
      issues: validIssues.map(({ path, message, code: issueCode }) => ({
        path,
        message,
        ...(issueCode !== undefined && { code: issueCode }),
      })),
    }),
  };
}
