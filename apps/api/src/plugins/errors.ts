import { type ErrorResponse, INVALID_INPUT_MESSAGE, type ValidationIssue } from '@cairn/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { findStorageFailure, isDatabaseUnavailable, isRefusedValue } from '../lib/db-errors';

/** Fastify's own errors that are the client's fault, mapped to our codes. */
const fastifyClientErrors: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppError('MALFORMED_JSON', 'The request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new AppError('MALFORMED_JSON', "The request body is empty although its type says it's JSON"),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new AppError('VALIDATION_FAILED', 'The Content-Length header does not match the body'),
};

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues: ValidationIssue[] = error.validation.map((entry) => ({
      path: [
        ...(error.validationContext ? [error.validationContext] : []),
        ...entry.instancePath.split('/').filter(Boolean),
      ],
      message: entry.message ?? INVALID_INPUT_MESSAGE,
      code: entry.keyword,
    }));
    return new AppError('VALIDATION_FAILED', INVALID_INPUT_MESSAGE, { issues });
  }
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return known();
  if (error.statusCode === 429)
    return new AppError('RATE_LIMITED', 'Too many requests, try again in a minute');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('VALIDATION_FAILED', error.message || INVALID_INPUT_MESSAGE);
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable; try again in a moment');
  }
  if (findStorageFailure(error)) {
    return new AppError('SERVICE_UNAVAILABLE', 'The server cannot store data right now; try again later');
  }
  if (isRefusedValue(error)) {
    return new AppError('VALIDATION_FAILED', 'A value in the request cannot be stored');
  }
  return new AppError('INTERNAL_ERROR', 'Something went wrong on our side');
}

type DatabaseCause = {
  code: string;
  message: string;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
};

/** The database's own error anywhere in the cause chain (both drivers give it a severity and SQLSTATE code). */
function findDatabaseCause(error: unknown): DatabaseCause | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as Partial<DatabaseCause> & { severity?: unknown; cause?: unknown };
    if (typeof candidate.severity === 'string' && typeof candidate.code === 'string') {
      return candidate as DatabaseCause;
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * What the log keeps of a failed request. A failed query's message lists its parameters (a
 * sign-up's password hash, an e-mail address) and the database's detail repeats row values,
 * so for those only the code, the constraint and the parameter-free texts are kept.
 */
function toLoggedError(error: Error): Error {
  const withoutParams = (text: string) => text.replace(/\nparams:[\s\S]*$/, '');
  const cause = findDatabaseCause(error);
  if (!cause) {
    // A query that failed for want of a connection carries no database error, but still its values.
    if (!error.message.includes('\nparams:')) return error;
    const logged = new Error(withoutParams(error.message));
    logged.name = error.name;
    return logged;
  }
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const logged = Object.assign(new Error(withoutParams(error.message)), {
    code: cause.code,
    constraint: cause.constraint,
    table: cause.table,
    column: cause.column,
  });
  logged.name = error.name;
  logged.stack = [`${logged.name}: ${logged.message}`, ...frames].join('\n');
  if (!Object.is(cause, error)) {
    const reason = new Error(withoutParams(cause.message));
    reason.stack = `${reason.name}: ${reason.message}`;
    logged.cause = reason;
  }
  return logged;
}

/** The single place where any thrown error becomes the one error shape; a 5xx never shows internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.code === 'SERVICE_UNAVAILABLE') {
      // The database client already logged the outage once; one short line per request is enough,
      // with the code of the disk trouble when it is that (nothing else reports it).
      request.log.warn({ code: appError.code, storage: findStorageFailure(error) }, appError.message);
    } else if (appError.status >= 500) {
      request.log.error({ err: toLoggedError(error) }, 'request failed');
    } else request.log.info({ code: appError.code }, appError.message);
    const body: ErrorResponse = {
      error: appError.message,
      code: appError.code,
      // A 5xx shows no internals, whatever the code that threw it put in its detail.
      ...(appError.detail && appError.status < 500 ? { detail: appError.detail } : {}),
      ...(appError.issues ? { issues: appError.issues } : {}),
    };
    return reply.status(appError.status).send(body);
  });
});
