import {
  type ErrorCode,
  type ErrorResponse,
  errorCodeSchema,
  type ValidationIssue,
  validationIssueSchema,
} from '@cairn/contracts/errors';
import { z } from 'zod';

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

  constructor(options: { status: number; statusText: string; body: Partial<ErrorResponse> | undefined }) {
    super(options.body?.error ?? `Request failed with status ${options.status}`);
    this.status = options.status;
    this.statusText = options.statusText;
    this.body = options.body;
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
  return new HttpError({
    status: response.status,
    statusText: response.statusText,
    body: await readErrorBody(response),
  });
}

/** Lenient on purpose: an unknown code or a malformed field must not hide the rest of the error. */
const errorBodySchema = z.object({
  error: z.string().optional().catch(undefined),
  code: errorCodeSchema.optional().catch(undefined),
  detail: z.string().optional().catch(undefined),
  issues: z.array(validationIssueSchema).optional().catch(undefined),
});

export async function readErrorBody(response: Response): Promise<Partial<ErrorResponse> | undefined> {
  try {
    const result = errorBodySchema.safeParse(await response.clone().json());
    if (!result.success) return undefined;
    const { error, code, detail, issues } = result.data;
    return {
      ...(error !== undefined && { error }),
      ...(code !== undefined && { code }),
      ...(detail !== undefined && { detail }),
      ...(issues !== undefined && { issues }),
    };
  } catch {
    return undefined;
  }
}
